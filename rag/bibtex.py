"""BibTeX entries for indexed papers ("export them as BibTeX"), from what the catalog gives:
title, authors, venue, year, url. Abstracts hold no DOIs or pages, so none are made up."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from rag.textnorm import FUNCTION_WORDS
from rag.types import Paper

__all__ = ["bibtex"]

# characters LaTeX reads as commands outside math: written as literals
_SPECIAL = re.compile(r"(?<!\\)([&%#_])")


def _field(text: str) -> str:
    """``text`` as a braced BibTeX value: LaTeX specials escaped outside ``$...$`` math, braces
    balanced (an unbalanced brace would end the entry)."""
    parts = re.split(r"(\$[^$]*\$)", " ".join(text.split()))
    text = "".join(p if p.startswith("$") and p.endswith("$") and len(p) > 1
                   else _SPECIAL.sub(r"\\\1", p) for p in parts)
    depth = 0
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            break
    return text if depth == 0 else text.replace("{", "").replace("}", "")


def _key(paper: Paper, taken: set[str]) -> str:
    """A citation key: first author's last name, year, first title word no function word
    ("yao2023tree"), ASCII letters and digits; "b", "c", ... after a key already taken."""
    def ascii_word(text: str) -> str:
        plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return re.sub(r"[^a-z0-9]", "", plain.lower())

    last = ascii_word(paper.authors[0].split()[-1]) if paper.authors else ""
    words = [ascii_word(w) for w in re.sub(r"\$[^$]*\$", " ", paper.title or paper.label).split()]
    first = next((w for w in words if len(w) > 2 and w.isalpha() and w not in FUNCTION_WORDS),
                 next((w for w in words if w), ""))
    key = f"{last or 'paper'}{paper.year or ''}{first}" or paper.paper_id
    out, n = key, 0
    while out in taken:
        n += 1
        out = f"{key}{chr(ord('a') + n)}"
    taken.add(out)
    return out


def bibtex(papers: Sequence[Paper]) -> str:
    """One ``@inproceedings`` entry for each paper with a venue (``@misc`` for one without), in
    the order given."""
    taken: set[str] = set()
    entries = []
    for paper in papers:
        fields = [("title", paper.title or paper.label),
                  ("author", " and ".join(paper.authors)),
                  ("booktitle" if paper.venue else "", paper.venue),
                  ("year", str(paper.year) if paper.year else ""),
                  ("url", paper.url)]
        body = ",\n".join(f"  {name} = {{{value if name == 'url' else _field(value)}}}"
                          for name, value in fields if name and value)
        kind = "inproceedings" if paper.venue else "misc"
        entries.append(f"@{kind}{{{_key(paper, taken)},\n{body}\n}}")
    return "\n\n".join(entries)
