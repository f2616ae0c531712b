"""Token-aware chunking of abstracts with langchain-text-splitters.

Most abstracts (about 250 tokens) fit one chunk. A longer one is split at paragraph, sentence,
then clause boundaries into chunks of at most ``chunk_tokens`` tokens (the embedder's window),
overlapping by ``overlap_tokens``. Every chunk starts with the paper's title or label, so a
chunk found on its own still says which paper it is.

:meth:`Chunker.sentences` gives the finer unit that sentence vectors embed: each abstract sentence
with the title or label in front ("Title. Sentence."). A paper whose best sentence matches a
question closely is often the right one even when the whole abstract, averaged into one chunk
vector, matches it less (SciFact's claims are single statements about one finding).
"""

from __future__ import annotations

import re
from typing import Any

from langchain_text_splitters import RecursiveCharacterTextSplitter

from rag.types import Paper

__all__ = ["SENTENCE_SPLIT_VERSION", "Chunker", "split_sentences"]

# After . ! ? and a space, before a capital, digit, formula or bracket; or with no space
# between a word of two or more lower-case letters and a capitalised word ("obscure.In this
# work"), as 514 of the 3,584 NeurIPS 2023 abstracts join some of their sentences. Not "e.g.The"
# nor "U.S.A"; a decimal or a lower-case word after the period ("node.js") does not split.
_SENT = re.compile(r"(?<=[.!?])(?:\s+(?=[A-Z0-9$\\(\[*])|(?<=[a-z]{2}[.!?])(?=[A-Z][a-z]))")

# Bump when split_sentences changes what it returns: sentence vectors are embedded per sentence,
# so an evaluation's cached store (rag.evaluation.eval_cache_home) must be rebuilt.
SENTENCE_SPLIT_VERSION = 2


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``: split after . ! ? before a capital, digit, formula or bracket,
    and where an abstract joins two sentences without a space ("obscure.In this work")."""
    return [s.strip() for s in _SENT.split(text.strip()) if s.strip()]


class Chunker:
    def __init__(self, tokenizer: Any, chunk_tokens: int = 256, overlap_tokens: int = 32) -> None:
        # count real lengths: the embedder's tokenizer truncates at its window
        self.tokenizer = type(tokenizer).from_str(tokenizer.to_str())
        self.tokenizer.no_truncation()
        self.chunk_tokens = chunk_tokens
        self.overlap_tokens = overlap_tokens

    def n_tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text, add_special_tokens=False).ids)

    def chunks(self, paper: Paper) -> list[str]:
        head = f"{paper.title or paper.label}."
        # the embedder adds [CLS] and [SEP]: leave room for them and the header
        budget = max(32, self.chunk_tokens - self.n_tokens(head) - 2)
        body = paper.abstract.strip()
        if self.n_tokens(body) <= budget:
            return [f"{head}\n{body}"]
        splitter = RecursiveCharacterTextSplitter(
            chunk_size=budget, chunk_overlap=min(self.overlap_tokens, budget // 4),
            length_function=self.n_tokens, separators=["\n\n", "\n", ". ", "; ", ", ", " ", ""],
            keep_separator="end")
        return [f"{head}\n{piece.strip()}" for piece in splitter.split_text(body) if piece.strip()]

    def sentences(self, paper: Paper) -> list[str]:
        """The abstract's sentences, each as "Title. Sentence" (the texts sentence vectors embed)."""
        head = _sentence_head(paper)
        return [f"{head}. {sent}" if head else sent for sent in split_sentences(paper.abstract)]

    def sentence_head_tokens(self, paper: Paper) -> int:
        """How many tokens the "Title." that starts each of :meth:`sentences` has."""
        head = _sentence_head(paper)
        return self.n_tokens(f"{head}.") if head else 0


def _sentence_head(paper: Paper) -> str:
    return (paper.title or paper.label).strip().rstrip(".")
