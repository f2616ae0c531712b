"""The last list's papers as a CSV table or as links ("export them as CSV", "give me the links"),
from what the catalog gives: title, authors, venue, year, status, url."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from rag.types import Paper

__all__ = ["csv_table", "fence", "links"]

CSV_COLUMNS = ("title", "authors", "venue", "year", "status", "url")


def csv_table(papers: Sequence[Paper]) -> str:
    """A header row and one row per paper, in the order given (authors joined by "; "), quoted
    as the csv module does (a title with a comma or a quote stays one field)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in papers:
        writer.writerow([p.title or p.label, "; ".join(p.authors), p.venue,
                         p.year if p.year else "", p.status, p.url])
    return out.getvalue().rstrip("\n")


def links(papers: Sequence[Paper]) -> list[tuple[str, str]]:
    """(name, url) of each paper, in the order given; '' where the catalog gives no url."""
    return [(p.title or p.label, p.url) for p in papers]


def fence(text: str) -> str:
    """The backticks that open and close a Markdown code block holding ``text``: three, or one
    more than the longest run in it (a title with "```" must not end the block)."""
    return "`" * max(3, 1 + max((len(run) for run in re.findall(r"`+", text)), default=0))
