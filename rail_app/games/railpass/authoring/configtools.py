"""The configuration author's tools for Rail Pass: a new configuration to start from
(``new-map NAME --game railpass``): a six-city circle with its seats, obstacles and clock,
written with the schema beside it and read back to prove it valid. ``validate-map`` checks
any configuration file through the game's own reader (file:line: key: message)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rail_app.core.files import write_atomic
from rail_app.core.paths import resource_path
from rail_app.games.railpass.rules.configfile import (
    SCHEMA_NAME,
    MapError,
    configuration_to_yaml,
    load_configuration,
)
from rail_app.games.railpass.rules.network import Configuration, Link, LinkKind

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")


class NewConfigurationError(Exception):
    """A starter that cannot be written (one line saying why)."""


def starter(name: str) -> Configuration:
    """The starter: three seats round a circle, an obstacle between every two seats (a
    tunnel, the bridge, a tunnel: R-O2, D-30), the published clock for three (R-K2)."""
    links = (Link(0, 1), Link(1, 2, LinkKind.TUNNEL), Link(2, 3), Link(3, 4, LinkKind.BRIDGE),
             Link(4, 5), Link(5, 0, LinkKind.TUNNEL))
    return Configuration(id=name[:12], name=name, seats=((0, 1), (2, 3), (4, 5)), links=links,
                         minutes=9, description="A circle of six cities for three players: "
                                                "edit the links, obstacles and seats.")


def new_configuration(name: str, folder: str | Path, *, force: bool = False) -> Path:
    """Write ``NAME.yaml`` into ``folder`` (made if needed) with the schema beside it, and
    read it back. NewConfigurationError says what stopped it."""
    stem = name[:-5] if name.endswith(".yaml") else name
    if not NAME_RE.match(stem):
        raise NewConfigurationError(f"{name!r}: a configuration's name is 1 to 40 letters, "
                                    "digits, '-' or '_', e.g. my-circle")
    where = Path(folder)
    path = where / f"{stem}.yaml"
    if path.exists() and not force:
        raise NewConfigurationError(f"{path} exists already (--force writes over it)")
    schema_src = resource_path("maps", SCHEMA_NAME)
    schema_dst = where / SCHEMA_NAME
    body = configuration_to_yaml(starter(stem))
    first, rest = body.split("\n", 1)
    text = (f"{first}\n# A Rail Pass configuration (docs/railpass.md): check it with\n"
            f"#   python -m rail_app validate-map {path.name}\n{rest}")
    try:
        where.mkdir(parents=True, exist_ok=True)
        if schema_dst.resolve() != schema_src.resolve() and (
                not schema_dst.is_file() or schema_dst.read_bytes() != schema_src.read_bytes()):
            shutil.copyfile(schema_src, schema_dst)
        write_atomic(path, text)
    except OSError as exc:
        raise NewConfigurationError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        load_configuration(path)
    except MapError as exc:  # the tests check the starter; a clear line anyway
        raise NewConfigurationError(f"the starter does not load: {exc.problems[0]}") from None
    return path
