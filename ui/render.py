"""Markdown for the chat UI: answers with linked citations, and the sources panel."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from rag.citations import detex, sub_markers

__all__ = ["link_citations", "render_sources"]


def link_citations(text: str, unsupported: Sequence[str] = ()) -> str:
    """Turn each [n] into a link to source n of the panel; mark unsupported sentences."""
    for sentence in unsupported:
        text = text.replace(sentence, f"{sentence} ⚠️*(no source)*")
    return sub_markers(text, lambda m: "".join(
        f"[[{n.strip()}]](#src-{n.strip()})" for n in re.split(r"[,;]", m.group(1))))


def _highlight(abstract: str, evidence: str) -> str:
    if evidence and evidence in abstract:
        return abstract.replace(evidence, f"<mark>{evidence}</mark>", 1)
    return abstract


def _name(paper: dict[str, Any]) -> str:
    return html.escape(detex(paper.get("title") or paper.get("label") or paper["paper_id"]))


def render_sources(papers: Sequence[dict[str, Any]], cited: Sequence[int] = (),
                   limit: int = 50) -> str:
    """One block per paper: number, title/label, authors (with their affiliations where given),
    area/venue/year/status/session, link, abstract with its LaTeX left as $...$ for the Markdown
    component to render, evidence highlighted."""
    if not papers:
        return "*No sources.*"
    out = [f"**{len(papers)} paper{'s' if len(papers) != 1 else ''}**"
           + (f" (abstracts of the first {limit})" if len(papers) > limit else "")]
    rest = [f'{n}. {_name(p)}<a id="src-{n}"></a>'
            for n, p in enumerate(papers[limit:], limit + 1)]
    for n, p in enumerate(papers[:limit], 1):
        name = _name(p)
        if p.get("url"):
            name = f"[{name}]({p['url']})"
        affiliations = p.get("affiliations") or []
        authors = ", ".join(f"{a} ({affiliations[i]})" if i < len(affiliations)
                            and affiliations[i] else a
                            for i, a in enumerate(p.get("authors") or []))
        meta = " · ".join(str(x) for x in [p.get("area"), p.get("venue"), p.get("year"),
                                           p.get("status"), p.get("session")] if x)
        tag = " · cited" if n in cited else ""
        out.append(
            f'<a id="src-{n}"></a>\n\n#### [{n}] {name}{tag}\n\n'
            + (f"*{html.escape(authors)}*  \n" if authors else "")
            + (f"{html.escape(meta)}  \n" if meta else "")
            + f"<small>id: {html.escape(p['paper_id'])}</small>\n\n"
            + f"<details open><summary>Abstract</summary>\n\n"
              f"{detex(_highlight(p.get('abstract', ''), p.get('evidence', '')))}\n\n</details>\n")
    if rest:
        out.append("#### The other papers\n\n" + "\n".join(rest))
    return "\n\n".join(out)
