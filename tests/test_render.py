"""UI rendering helpers (pure functions)."""

from __future__ import annotations

from ui.render import link_citations, render_sources


def _paper(n: int) -> dict[str, object]:
    return {"paper_id": f"p{n}", "title": f"Paper {n}", "authors": ["A B"], "abstract":
            f"Abstract {n} with $x \\in [0, 1]$. Evidence {n}.", "evidence": f"Evidence {n}."}


def test_citations_link_to_sources_but_math_is_left_alone() -> None:
    out = link_citations("Claim [1]. Bound $[0, 2]$ holds [2].")
    assert "[[1]](#src-1)" in out and "[[2]](#src-2)" in out and "$[0, 2]$" in out


def test_unsupported_sentences_are_marked() -> None:
    assert "(no source)" in link_citations("Uncited claim here.", ["Uncited claim here."])


def test_sources_panel_anchors_every_paper_and_highlights_evidence() -> None:
    md = render_sources([_paper(n) for n in range(1, 61)], cited=[1], limit=50)
    assert md.count('id="src-') == 60
    assert "<mark>Evidence 1.</mark>" in md and "cited" in md
    assert "The other papers" in md and "Paper 60" in md


def test_latex_text_commands_read_as_markdown_outside_math() -> None:
    """Abstracts' \\emph, \\textbf, \\url, \\href and \\citep outside $...$ are shown as
    Markdown or their text; math keeps its LaTeX for KaTeX."""
    from rag.citations import detex

    text = (r"We make \emph{all} of \textbf{X} and {\em this} fast: $\textbf{x}^2$, $$\emph{y}$$,"
            r" see \url{https://a.b} and \href{https://c.d}{code} \citep{k}. \textsc{Doss} wins.")
    assert detex(text) == ("We make *all* of **X** and *this* fast: $\\textbf{x}^2$, "
                           "$$\\emph{y}$$, see https://a.b and code. Doss wins.")
    panel = render_sources([{"paper_id": "p1", "title": r"On \textit{Fast} Nets",
                             "abstract": r"We show \emph{why}. It works.", "evidence": "It works."}])
    assert "On *Fast* Nets" in panel and "We show *why*." in panel and "\\emph" not in panel
    assert "<mark>It works.</mark>" in panel


def test_sources_panel_shows_affiliations_status_and_session() -> None:
    paper = {**_paper(1), "authors": ["Ann Lee", "Bo Chen"], "affiliations": ["MIT", ""],
             "venue": "NeurIPS", "year": 2023, "status": "Oral",
             "session": "Oral Session 3A: Wednesday, Dec 13, 10:00 CT"}
    md = render_sources([paper])
    assert "*Ann Lee (MIT), Bo Chen*" in md
    assert "NeurIPS · 2023 · Oral · Oral Session 3A: Wednesday, Dec 13, 10:00 CT" in md
