"""Papers' token vectors for token-level re-scoring (:func:`rag.retrieval.max_sim`), as stored.

A paper's tokens are those of its title-prefixed sentences ("Title. Sentence", the texts sentence
vectors embed, :meth:`rag.chunking.Chunker.sentences`): every token of the first text and the
sentence tokens of the others (the title's tokens once, not once per sentence). Ingest takes
them from the same forward pass that embeds the sentences, so storing them costs no extra
encoding; a store built without them has them encoded at query time until the next ingest or
``paperchat serve`` stores them (:meth:`rag.ingest.Ingestor.backfill_tokens`).

Stored as 1 bit a dimension (the sign; 48 bytes a token for all-MiniLM-L6-v2, about 12 KB a
paper) and read back as unit vectors ``sign / sqrt(dim)``. On SciFact train, float vectors
encoded at query time scored nDCG@10 0.761 (weight 1.0), these 0.760 (weight 1.75, which makes
up for the signs' smaller cosines); see README, "Measured".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from rag.chunking import Chunker
from rag.types import Paper

__all__ = ["PaperTokens", "pack", "stack", "unpack"]


def pack(vectors: np.ndarray) -> bytes:
    """Token vectors (n, dim) as their sign bits, row after row (``dim`` a multiple of 8)."""
    vectors = np.asarray(vectors)
    if vectors.ndim != 2 or vectors.shape[1] % 8:
        raise ValueError(f"token vectors must be (n, dim) with dim a multiple of 8, "
                         f"not {vectors.shape}")
    return np.packbits(vectors > 0, axis=1).tobytes()


def unpack(blob: bytes, dim: int) -> np.ndarray:
    """:func:`pack`'s bits as unit vectors (n, dim), float32: ``+-1 / sqrt(dim)``."""
    bits = np.unpackbits(np.frombuffer(blob, np.uint8)).reshape(-1, dim)
    return (bits.astype(np.float32) * 2.0 - 1.0) / math.sqrt(dim)


def stack(per_text: Sequence[np.ndarray], head: int) -> np.ndarray:
    """One paper's token rows from its texts' token vectors (each text starting with the same
    ``head`` tokens, the title): all rows of the first text, the rest of the others."""
    rows = [np.asarray(v) if i == 0 else np.asarray(v)[head:] for i, v in enumerate(per_text)]
    return np.concatenate(rows) if rows else np.zeros((0, 8), np.float32)


class PaperTokens:
    """Encodes papers' token vectors the way ingest stores them (an embedder with
    ``embed_with_tokens``, the store's chunker)."""

    def __init__(self, embedder: Any, chunker: Chunker) -> None:
        self.embedder = embedder
        self.chunker = chunker

    def texts(self, paper: Paper) -> list[str]:
        return self.chunker.sentences(paper)

    def from_pass(self, papers: Sequence[Paper], per_text: Sequence[np.ndarray]) -> dict[str, bytes]:
        """Packed tokens per paper from the token vectors of all the papers' :meth:`texts`,
        in order (as ``embed_with_tokens`` returned them)."""
        out: dict[str, bytes] = {}
        at = 0
        for paper in papers:
            n = len(self.texts(paper))
            head = self.chunker.sentence_head_tokens(paper)
            out[paper.paper_id] = pack(stack(per_text[at:at + n], head))
            at += n
        if at != len(per_text):
            raise ValueError(f"{len(per_text)} token vector sets for {at} texts")
        return out

    def encode(self, papers: Sequence[Paper]) -> dict[str, bytes]:
        """Packed tokens per paper, in one embedder call."""
        texts = [t for p in papers for t in self.texts(p)]
        _, per_text = self.embedder.embed_with_tokens(texts)
        return self.from_pass(papers, per_text)
