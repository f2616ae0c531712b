"""BibTeX entries, CSV rows and links from the catalog (rag.bibtex, rag.export)."""

from __future__ import annotations

import csv

from rag.bibtex import bibtex
from rag.export import csv_table, fence, links
from rag.types import Paper


def _paper(pid: str, title: str, **more: object) -> Paper:
    return Paper(paper_id=pid, title=title, label=title, abstract="We study it.", **more)


def test_an_entry_holds_what_the_catalog_gives_and_escapes_latex_specials() -> None:
    """Title, authors ("and"), venue as booktitle, year, url as given; "&", "%", "_" and "#"
    escaped outside math, ``$...$`` kept, an unbalanced brace dropped; no venue: @misc."""
    out = bibtex([
        _paper("a", "Q&A at 100% with $O(\\sqrt{T})$ regret_bounds", authors=["Ann Lee", "Bo Chen"],
               venue="COLT", year=2024, url="https://x.org/a_b?c=1%20"),
        _paper("b", "Graphs {with braces", authors=["José Núñez"], year=2023)])
    first, second = out.split("\n\n")
    assert first == ("@inproceedings{lee2024regretbounds,\n"
                     "  title = {Q\\&A at 100\\% with $O(\\sqrt{T})$ regret\\_bounds},\n"
                     "  author = {Ann Lee and Bo Chen},\n"
                     "  booktitle = {COLT},\n"
                     "  year = {2024},\n"
                     "  url = {https://x.org/a_b?c=1%20}\n}")
    assert second == ("@misc{nunez2023graphs,\n  title = {Graphs with braces},\n"
                      "  author = {José Núñez},\n  year = {2023}\n}")


def test_keys_are_unique() -> None:
    papers = [_paper(str(i), "Bandit problems", authors=["Ann Lee"], year=2024) for i in range(3)]
    keys = [line.split("{")[1].rstrip(",") for line in bibtex(papers).splitlines()
            if line.startswith("@")]
    assert keys == ["lee2024bandit", "lee2024banditb", "lee2024banditc"]


def test_a_csv_row_holds_what_the_catalog_gives_each_field_one_cell() -> None:
    """A header, then a row per paper in the order given: a title with a comma or a quote is
    one cell (read back as written), authors joined by "; ", no year an empty cell."""
    papers = [_paper("a", 'Bandits, "fast" and slow', authors=["Ann Lee", "Bo Chen"],
                     venue="COLT", year=2024, status="Oral", url="https://x.org/a"),
              _paper("b", "Graphs")]
    rows = list(csv.reader(csv_table(papers).splitlines()))
    assert rows == [["title", "authors", "venue", "year", "status", "url"],
                    ['Bandits, "fast" and slow', "Ann Lee; Bo Chen", "COLT", "2024", "Oral",
                     "https://x.org/a"],
                    ["Graphs", "", "", "", "", ""]]
    assert links(papers) == [('Bandits, "fast" and slow', "https://x.org/a"), ("Graphs", "")]


def test_an_export_block_is_fenced_longer_than_any_backticks_it_holds() -> None:
    """A title with "```" must not close the block the export is written in: the fence is one
    backtick longer than the longest run inside (three where there is none)."""
    from markdown_it import MarkdownIt

    assert fence("Graphs") == "```" and fence("a ``` b `` c") == "````"
    table = csv_table([_paper("a", "Why ``` breaks Markdown"), _paper("b", "Graphs")])
    block = f"{fence(table)}csv\n{table}\n{fence(table)}\nafter"
    tokens = MarkdownIt().parse(block)
    code = [t for t in tokens if t.type == "fence"]
    assert len(code) == 1 and code[0].content == table + "\n", tokens
