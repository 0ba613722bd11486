"""BANG! The Dice Game (base rules; Old Saloon modules plug in through options)."""
