"""Token-level re-scoring of the hybrid ranking (rag.retrieval.max_sim, Retriever._with_tokens)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from models.embedding import TokenVectors
from rag import PaperChat, get_settings
from rag.retrieval import max_sim, split_sentences
from rag.textnorm import STOPWORDS
from tests.conftest import HashEmbedder


def test_max_sim_hand_computed() -> None:
    q = np.array([[1.0, 0.0], [0.0, 1.0]])
    doc = np.array([[0.6, 0.8], [1.0, 0.0]])
    # token 1: best 1.0 (second row); token 2: best 0.8 (first row)
    assert max_sim(q, doc, np.array([0.5, 0.5])) == pytest.approx(0.9)
    assert max_sim(q, doc, np.array([0.0, 1.0])) == pytest.approx(0.8)
    assert max_sim(q, -doc, np.array([0.5, 0.5])) == 0.0  # clamped: never lowers a score
    assert max_sim(q, np.zeros((0, 2)), np.array([0.5, 0.5])) == 0.0


class TokenHashEmbedder(HashEmbedder):
    """The hash embedder plus a one-hot vector per (lower-cased) word: MaxSim of a query token is
    1 where the paper has its word, 0 elsewhere, so the expected re-scoring is countable by hand."""

    def __init__(self) -> None:
        super().__init__()
        self.token_texts: list[str] = []
        self.vocab: dict[str, int] = {}

    def token_vectors(self, texts: list[str]) -> list[TokenVectors]:
        self.token_texts.extend(texts)
        out = []
        for text in texts:
            words = re.findall(r"\w+|[^\w\s]", text)
            vecs = np.zeros((len(words), 512), np.float16)
            for i, w in enumerate(words):
                vecs[i, self.vocab.setdefault(w.lower(), len(self.vocab))] = 1
            out.append(TokenVectors(vecs, words))
        return out


WORDS = ["alpha", "beta", "gamma", "delta", "kappa", "sigma", "omega", "theta"]


def _corpus(path: Path) -> Path:
    recs = []
    for i in range(12):
        words = [WORDS[(i + j) % len(WORDS)] for j in range(i % 4 + 2)]
        recs.append({"id": f"p{i}", "title": f"Paper {i} on {words[0]}",
                     "abstract": f"We study {' and '.join(words)} flows. Results hold for {words[-1]}."})
    path.write_text("\n".join(json.dumps(r) for r in recs))
    return path


@pytest.fixture
def token_chat(isolated_home: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    chat = PaperChat(get_settings(), embedder=TokenHashEmbedder())
    _set(chat, token_rerank=20)
    chat.ingest([_corpus(tmp_path / "c.jsonl")], progress=False)
    yield chat
    chat.close()


def _set(chat: PaperChat, **retrieval: object) -> None:
    chat.settings.retrieval = chat.settings.retrieval.model_copy(update=retrieval)


def test_head_is_rescored_by_idf_weighted_max_sim_and_the_tail_kept(token_chat: PaperChat) -> None:
    query = "which papers study gamma and kappa flows?"
    n = 5
    _set(token_chat, token_rerank=n)
    on = token_chat.search(query, k=12)
    assert "tokens_ms" in on.timings
    _set(token_chat, token_rerank=0)
    off = token_chat.search(query, k=12)
    assert "tokens_ms" not in off.timings
    base = {h.paper.paper_id: h.score for h in off.hits}
    head = [h.paper.paper_id for h in off.hits[:n]]

    # expected by hand: content words weigh log((N + 1) / (df + 0.5)), df over the papers
    papers = {p.paper_id: p for p in token_chat.index.all_papers()}
    content = [w for w in re.findall(r"\w+", query) if w.lower() not in STOPWORDS]
    has = {pid: set(re.findall(r"\w+", f"{p.title} {p.abstract}".lower())) for pid, p in papers.items()}
    idf = {w: math.log((len(papers) + 1) / (sum(w in h for h in has.values()) + 0.5)) for w in content}
    total = sum(idf.values())
    want = {pid: base[pid] + sum(idf[w] for w in content if w in has[pid]) / total for pid in head}
    got = {h.paper.paper_id: h.score for h in on.hits}
    assert {pid: got[pid] for pid in head} == pytest.approx(want)
    assert [h.paper.paper_id for h in on.hits[:n]] == sorted(head, key=lambda p: -want[p])
    assert [h.paper.paper_id for h in on.hits[n:]] == [h.paper.paper_id for h in off.hits[n:]]


def test_stopword_only_query_and_other_modes_are_not_rescored(token_chat: PaperChat) -> None:
    res = token_chat.search("which papers study this?", k=5)
    embedder = token_chat.embedder
    assert isinstance(embedder, TokenHashEmbedder)
    assert set(embedder.token_texts) <= {"which papers study this?"}  # no paper encoded
    for mode in ("dense", "lexical"):
        assert "tokens_ms" not in token_chat.search("gamma flows", k=5, mode=mode).timings  # type: ignore[arg-type]
    _set(token_chat, token_rerank=0)
    assert [(h.paper.paper_id, h.score) for h in token_chat.search("which papers study this?",
                                                                    k=5).hits] == \
        [(h.paper.paper_id, h.score) for h in res.hits]


def test_paper_tokens_are_cached_and_follow_edits(token_chat: PaperChat, tmp_path: Path) -> None:
    embedder = token_chat.embedder
    assert isinstance(embedder, TokenHashEmbedder)
    token_chat.search("gamma kappa", k=5)
    first = len(embedder.token_texts)
    p3 = next(p for p in token_chat.index.all_papers() if p.paper_id == "p3")
    assert p3.title in embedder.token_texts  # title and each sentence encoded on its own
    assert all(s in embedder.token_texts for s in split_sentences(p3.abstract))
    token_chat.search("gamma kappa", k=5)
    assert len(embedder.token_texts) == first + 1  # only the query again
    edited = tmp_path / "edit.jsonl"
    edited.write_text(json.dumps({"id": "p3", "title": "Paper 3 on gamma kappa",
                                  "abstract": "Gamma kappa flows, revised."}))
    token_chat.ingest([edited], progress=False)
    token_chat.search("gamma kappa", k=5)
    assert "Paper 3 on gamma kappa" in embedder.token_texts[first + 1:]


def test_real_token_vectors_name_their_words(real_embedder) -> None:  # type: ignore[no-untyped-def]
    text = "Zeroth-order optimization, revisited."
    tv = real_embedder.token_vectors([text, ""])
    assert tv[0].words[:4] == ["Zeroth", "Zeroth", "-", "order"]  # "zer" "##oth" "-" "order"
    assert len(tv[0].words) == len(tv[0].vectors) == len(real_embedder.tokenizer.encode(text).ids) - 2
    assert np.linalg.norm(tv[0].vectors.astype(np.float32), axis=1) == pytest.approx(1.0, abs=1e-2)
    assert tv[1].vectors.shape == (0, 384) and tv[1].words == []


def test_off_by_default_and_on_in_the_quality_preset() -> None:
    assert get_settings().retrieval.token_rerank == 0
    assert get_settings("quality").retrieval.token_rerank == 20


def test_real_model_rescoring_lifts_the_matching_paper(seed_chat: PaperChat) -> None:
    query = "which papers study zeroth-order methods?"
    retriever = seed_chat.retriever
    retriever.settings = retriever.settings.model_copy(update={"token_rerank": 20})
    res = retriever.search(query, k=10)
    assert "tokens_ms" in res.timings
    zo = {p.paper_id for p in seed_chat.index.all_papers() if "zeroth-order" in p.abstract.lower()}
    assert {h.paper.paper_id for h in res.hits[:2]} == zo
    rescored = retriever._with_tokens(query, {h.paper.paper_id: 0.0 for h in res.hits},
                                                 {h.paper.paper_id: h.paper for h in res.hits})
    best = sorted(rescored, key=lambda p: -rescored[p])
    assert set(best[:2]) == zo  # token matching alone ranks them first too
