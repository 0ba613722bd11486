"""Scripted dice results and character changes shared by the base character rule tests."""

ONE = ["bullseye_1", "dynamite", "dynamite", "gatling", "gatling"]
TWO = ["bullseye_2", "dynamite", "dynamite", "gatling", "gatling"]
GATLING = ["gatling", "gatling", "gatling", "dynamite", "dynamite"]
BOOM = ["dynamite", "dynamite", "dynamite", "gatling", "gatling"]
BART = {"character": "bart_cassidy"}
SLAB = {"character": "slab_the_killer"}
PEDRO = {"character": "pedro_ramirez"}
