"""Scripted dice results and character changes shared by the base character rule tests.

Default table (5 seats): 0 Sheriff Paul Regret (11), 1 Deputy Jesse Jones (9),
2 Outlaw Lucky Duke (8), 3 Outlaw Black Jack (8), 4 Renegade Rose Doolan (9).
"""

ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]
TWO = ["bullseye_2", "dynamite", "dynamite", "gatling", "gatling"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]
BOOM = ["dynamite", "dynamite", "dynamite", "gatling", "gatling"]
BART = {"character": "bart_cassidy"}
SLAB = {"character": "slab_the_killer"}
PEDRO = {"character": "pedro_ramirez"}
