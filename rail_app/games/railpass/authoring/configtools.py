"""The configuration author's tools for Rail Pass: a new configuration to start from
(``new-map NAME --game railpass``): a six-city circle with its seats, obstacles and clock,
written with the schema beside it and read back to prove it valid. ``validate-map`` checks
any configuration file through the game's own reader (file:line: key: message)."""

from __future__ import annotations

from pathlib import Path

from rail_app.authoring.kit import StarterError, write_starter
from rail_app.games.railpass.rules.configfile import (
    SCHEMA_NAME,
    configuration_to_yaml,
    load_configuration,
)
from rail_app.games.railpass.rules.network import Configuration, Link, LinkKind

#: A starter that cannot be written (one line saying why).
NewConfigurationError = StarterError


def starter(name: str) -> Configuration:
    """The starter: three seats round a circle, an obstacle between every two seats (a
    tunnel, the bridge, a tunnel: R-O2, D-30), the published clock for three (R-K2)."""
    links = (Link(0, 1), Link(1, 2, LinkKind.TUNNEL), Link(2, 3), Link(3, 4, LinkKind.BRIDGE),
             Link(4, 5), Link(5, 0, LinkKind.TUNNEL))
    return Configuration(id=name[:12], name=name, seats=((0, 1), (2, 3), (4, 5)), links=links,
                         minutes=9, description="A circle of six cities for three players: "
                                                "edit the links, obstacles and seats.")


def starter_text(name: str) -> str:
    """The starter's file: its YAML with a first comment saying how to check it."""
    body = configuration_to_yaml(starter(name))
    first, rest = body.split("\n", 1)
    return (f"{first}\n# A Rail Pass configuration (docs/railpass.md): check it with\n"
            f"#   python -m rail_app validate-map {name}.yaml\n{rest}")


def new_configuration(name: str, folder: str | Path, *, force: bool = False) -> Path:
    """Write ``NAME.yaml`` into ``folder`` (made if needed) with the schema beside it, and
    read it back. NewConfigurationError says what stopped it."""
    return write_starter(name, folder, text=starter_text, schema=SCHEMA_NAME,
                         load=load_configuration, force=force, noun="configuration",
                         example="my-circle")
