"""Typed data passed between the pipeline's stages."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Paper", "SearchHit", "content_hash", "normalise_text"]


def normalise_text(text: str) -> str:
    """Unicode-normalised, whitespace-collapsed text: the basis of ids and change detection."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


def content_hash(*parts: str) -> str:
    h = hashlib.sha1()
    for part in parts:
        h.update(normalise_text(part).lower().encode())
        h.update(b"\x1f")
    return h.hexdigest()


class Paper(BaseModel):
    """One paper as PaperChat knows it. ``label`` is always set: the title, or one derived from the text."""

    model_config = ConfigDict(extra="forbid")

    paper_id: str = Field(description="Source id if the input has one, else 'h-' + hash of the text.")
    title: str = Field("", description="Title from the source; empty when the source has none.")
    label: str = Field(description="Readable name: the title, or the method name / first clause.")
    authors: list[str] = Field(default_factory=list)
    abstract: str
    area: str = Field("", description="Primary area, e.g. 'Optimization · Non-Convex'.")
    keywords: list[str] = Field(default_factory=list)
    venue: str = ""
    year: int | None = None
    status: str = Field("", description="Acceptance as the source gives it: 'Oral', 'Spotlight'.")
    session: str = Field("", description="Where and when it is presented, as the source gives it: "
                         "'Poster Session 3: Wednesday, Dec 13, 08:45 CT'.")
    affiliations: list[str] = Field(
        default_factory=list, description="Each author's affiliation, in the authors' order "
        "('' where the source has none for an author); empty where it has none at all.")
    url: str = ""
    tldr: str = ""
    source: str = Field("", description="File the paper was ingested from.")

    @property
    def display_name(self) -> str:
        first = self.authors[0] if self.authors else ""
        if self.title:
            return self.title
        return f"{self.label} ({first} et al.)" if len(self.authors) > 1 else (
            f"{self.label} ({first})" if first else self.label)

    def fingerprint(self) -> str:
        """Hash of everything that ends up in the index; a changed record gets a new fingerprint."""
        return content_hash(
            self.title, self.label, self.abstract, "|".join(self.authors), self.area,
            "|".join(self.keywords), self.venue, str(self.year or ""), self.url, self.tldr,
            self.status, "|".join(self.affiliations),
            *([self.session] if self.session else []),  # a paper without one: as before it
        )


class SearchHit(BaseModel):
    """One paper in a search result, with the sentence that matched best."""

    paper: Paper
    score: float
    evidence: str = ""
    similarity: float | None = Field(None, description="Best chunk's cosine similarity.")
    dense_rank: int | None = None
    lexical_rank: int | None = None
    names_topic: bool | None = Field(
        None, description="Listings: whether the paper names the question's topic (every term, "
        "together where it is a phrase), not only some of its words or its meaning.")

    def to_json(self) -> dict[str, Any]:
        p = self.paper
        return {
            "paper_id": p.paper_id, "title": p.title, "label": p.label, "authors": p.authors,
            "area": p.area, "venue": p.venue, "year": p.year, "status": p.status,
            "session": p.session,
            "affiliations": p.affiliations, "url": p.url,
            "keywords": p.keywords, "score": round(self.score, 6),
            "similarity": None if self.similarity is None else round(self.similarity, 4),
            "abstract": p.abstract,
            "evidence": self.evidence,
            "names_topic": self.names_topic,
        }
