"""What compiling a catalog in memory costs at start, against reading a compiled ``.mo``.

The game ships the ``.po`` text and compiles it when a language is chosen
(:mod:`rail_app.core.i18n.po`). This measures that for a catalog of a given size (Spanish-like
messages of the game's length, a tenth of them plural, a tenth with a context) beside the
baseline of the same run, ``gettext.GNUTranslations`` reading the same catalog already
compiled, so the ratio says what shipping the ``.po`` costs whatever the machine.
``bash tools/i18n.sh bench [--messages 2000]``.
"""

from __future__ import annotations

import gettext
import io
import statistics
import tempfile
import time
from pathlib import Path

from rail_app.core.i18n import po

_WORDS = ("vía", "tramo", "conexión", "ciudad", "mercancías", "locomotora", "turno", "fase",
          "jugador", "pedido", "carga", "transbordador", "punto", "millones", "construir")


def sample_po(messages: int) -> str:
    """A catalog of ``messages`` messages, about as long as the game's (40 characters on
    average, some of a paragraph)."""
    lines = ['msgid ""', 'msgstr ""', '"Language: es\\n"',
             '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ""]
    for i in range(messages):
        words = " ".join(_WORDS[(i + k) % len(_WORDS)] for k in range(3 + i % 5))
        english = f"Message {i} about {words.count(' ') + 1} things {{n}}"
        spanish = f"Mensaje {i}: {words} {{n}}"
        if i % 25 == 0:
            spanish = " ".join([spanish] * 8)  # a paragraph of help
        if i % 10 == 0:
            lines.append(f'#. Translators: a note for message {i}')
        if i % 10 == 3:
            lines.append('msgctxt "short word"')
        if i % 10 == 5:
            lines += [f'msgid "{english}"', f'msgid_plural "{english}s"',
                      f'msgstr[0] "{spanish}"', f'msgstr[1] "{spanish}s"', ""]
        else:
            lines += [f'msgid "{english}"', f'msgstr "{spanish}"', ""]
    return "\n".join(lines) + "\n"


def _best(times: list[float]) -> float:
    return min(times) * 1000


def run(messages: int = 2000, repeat: int = 20) -> str:
    text = sample_po(messages)
    with tempfile.TemporaryDirectory(prefix="i18nbench-") as tmp:
        path = Path(tmp) / "rail_app.po"
        path.write_text(text, encoding="utf-8")
        mo = po.compile_mo(po.compiled_pairs(po.read_po(path)))
        mo_path = Path(tmp) / "rail_app.mo"
        mo_path.write_bytes(mo)
        baseline: list[float] = []
        ours: list[float] = []
        parse: list[float] = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            with mo_path.open("rb") as f:
                gettext.GNUTranslations(f)
            baseline.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            catalog = po.read_po(path)
            parse.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            translations = po.translations(catalog)
            ours.append(time.perf_counter() - t0 + parse[-1])
        assert translations.gettext("Message 1 about 4 things {n}") != "Message 1 about 4 " \
            "things {n}"
        t0 = time.perf_counter()
        gettext.GNUTranslations(io.BytesIO(mo))
        median = statistics.median(ours) * 1000
    return (f"catalog: {messages} messages, {len(text.encode()) / 1024:.0f} KB of .po, "
            f"{len(mo) / 1024:.0f} KB compiled\n"
            f"read the compiled .mo (baseline): {_best(baseline):.1f} ms\n"
            f"read the .po and compile it in memory: {_best(ours):.1f} ms "
            f"(of which reading and parsing {_best(parse):.1f} ms; median {median:.1f} ms)\n"
            f"ratio: {min(ours) / min(baseline):.1f} x the baseline, "
            f"{_best(ours) - _best(baseline):.1f} ms more at start (best of {repeat})")
