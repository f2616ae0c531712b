"""Token-level re-scoring of the hybrid ranking (rag.retrieval.max_sim, Retriever._with_tokens)
and the papers' token vectors stored at ingest (rag.tokens)."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from models.embedding import TokenVectors
from rag import PaperChat, get_settings
from rag.retrieval import max_sim
from rag.textnorm import STOPWORDS
from rag.tokens import PaperTokens, pack, stack, unpack
from store.lexical import PaperIndex
from tests.conftest import HashEmbedder


def test_max_sim_hand_computed() -> None:
    q = np.array([[1.0, 0.0], [0.0, 1.0]])
    doc = np.array([[0.6, 0.8], [1.0, 0.0]])
    # token 1: best 1.0 (second row); token 2: best 0.8 (first row)
    assert max_sim(q, doc, np.array([0.5, 0.5])) == pytest.approx(0.9)
    assert max_sim(q, doc, np.array([0.0, 1.0])) == pytest.approx(0.8)
    assert max_sim(q, -doc, np.array([0.5, 0.5])) == 0.0  # clamped: never lowers a score
    assert max_sim(q, np.zeros((0, 2)), np.array([0.5, 0.5])) == 0.0


def _hadamard(n: int) -> np.ndarray:
    h = np.ones((1, 1))
    while len(h) < n:
        h = np.block([[h, h], [h, -h]])
    return h


class TokenHashEmbedder(HashEmbedder):
    """The hash embedder plus a token vector per (lower-cased) word, a row of a Hadamard matrix
    (+-1, mutually orthogonal, so their sign bits are exact): MaxSim of a query token is 1
    where the paper has its word, 0 elsewhere, so the expected re-scoring is countable by hand.
    ``token_texts``: every text whose token vectors were asked for."""

    rows = _hadamard(512) / math.sqrt(512)

    def __init__(self) -> None:
        super().__init__()
        self.token_texts: list[str] = []
        self.vocab: dict[str, int] = {}

    def token_vectors(self, texts: list[str]) -> list[TokenVectors]:
        self.token_texts.extend(texts)
        out = []
        for text in texts:
            words = re.findall(r"\w+|[^\w\s]", text)
            ids = [self.vocab.setdefault(w.lower(), len(self.vocab)) for w in words]
            out.append(TokenVectors(self.rows[ids].astype(np.float16).reshape(-1, 512), words))
        return out

    def embed_with_tokens(self, texts: list[str],
                          first: int = 0) -> tuple[np.ndarray, list[np.ndarray]]:
        return self.embed(texts), [t.vectors.astype(np.float32)
                                   for t in self.token_vectors(texts[first:])]


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
    assert isinstance(chat.embedder, TokenHashEmbedder)
    chat.embedder.token_texts.clear()  # those of ingest
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
    weight = token_chat.settings.retrieval.token_weight
    want = {pid: base[pid] + weight * sum(idf[w] for w in content if w in has[pid]) / total
            for pid in head}
    got = {h.paper.paper_id: h.score for h in on.hits}
    assert {pid: got[pid] for pid in head} == pytest.approx(want, abs=1e-3)  # float16 queries
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


def _stored(chat: PaperChat) -> dict[str, bytes]:
    return chat.index.tokens([p.paper_id for p in chat.index.all_papers()])


def _words_of(chat: PaperChat, bits: bytes) -> set[str]:
    """The words whose Hadamard row is among the unpacked token vectors."""
    embedder = chat.embedder
    assert isinstance(embedder, TokenHashEmbedder)
    rows = unpack(bits, 512) @ embedder.rows.T  # 1 where a row is the word's vector
    return {w for w, i in embedder.vocab.items() if np.isclose(rows[:, i], 1.0).any()}


def test_ingest_stores_each_papers_tokens_and_search_encodes_only_the_query(
        token_chat: PaperChat, tmp_path: Path) -> None:
    stored = _stored(token_chat)
    assert len(stored) == 12 and token_chat.index.without_tokens() == []
    assert token_chat.index.get_meta("token-vectors") == "1"
    p3 = token_chat.index.get(["p3"])["p3"]
    texts = PaperTokens(token_chat.embedder, token_chat._get_chunker()).texts(p3)
    # the title's tokens once, then each sentence's own tokens ("Title. Sentence" texts)
    n_title = len(re.findall(r"\w+|[^\w\s]", p3.title)) + 1
    n_words = sum(len(re.findall(r"\w+|[^\w\s]", t)) for t in texts)
    assert len(stored["p3"]) * 8 // 512 == n_words - (len(texts) - 1) * n_title
    assert _words_of(token_chat, stored["p3"]) == {
        w.lower() for t in texts for w in re.findall(r"\w+|[^\w\s]", t)}
    embedder = token_chat.embedder
    assert isinstance(embedder, TokenHashEmbedder)
    res = token_chat.search("gamma kappa", k=5)
    assert "tokens_ms" in res.timings and embedder.token_texts == ["gamma kappa"]

    edited = tmp_path / "edit.jsonl"
    edited.write_text(json.dumps({"id": "p3", "title": "Paper 3 on gamma kappa",
                                  "abstract": "Gamma kappa flows, revised."}))
    token_chat.ingest([edited], progress=False)
    assert "revised" in _words_of(token_chat, _stored(token_chat)["p3"])
    assert token_chat.remove(["p3"]) == ["p3"]
    assert "p3" not in _stored(token_chat)


def test_store_without_tokens_encodes_at_query_time_then_backfills(
        isolated_home: Path, tmp_path: Path) -> None:
    chat = PaperChat(get_settings(), embedder=TokenHashEmbedder())
    chat.settings.chunking = chat.settings.chunking.model_copy(update={"token_vectors": False})
    chat.ingest([_corpus(tmp_path / "c.jsonl")], progress=False)
    assert _stored(chat) == {} and chat.index.get_meta("token-vectors") == "0"
    embedder = chat.embedder
    assert isinstance(embedder, TokenHashEmbedder)
    embedder.token_texts.clear()
    query = "gamma and kappa flows"
    live = chat.search(query, k=12)
    encoded = [t for t in embedder.token_texts if t != query]
    assert encoded and all(". " in t for t in encoded)  # the head's "Title. Sentence" texts
    embedder.token_texts.clear()
    assert [h.score for h in chat.search(query, k=12).hits] == [h.score for h in live.hits]
    assert embedder.token_texts == [query]  # cached

    # an interrupted backfill keeps what it committed; the next one finishes the job
    chat.settings.chunking = chat.settings.chunking.model_copy(update={"token_vectors": True})
    ingestor = chat._new_ingestor()
    ingestor.batch_size = 5
    calls = 0
    real_encode = ingestor.tokens.encode

    def flaky(papers):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == 2:
            raise KeyboardInterrupt
        return real_encode(papers)

    ingestor.tokens.encode = flaky  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        ingestor.backfill_tokens()
    assert len(_stored(chat)) == 5 and chat.index.get_meta("token-vectors") == "0"
    assert chat.backfill_tokens() == 7
    assert len(_stored(chat)) == 12 and chat.index.get_meta("token-vectors") == "1"
    assert chat.backfill_tokens() == 0
    chat._token_cache = type(chat._token_cache)()  # stored vectors only from here
    embedder.token_texts.clear()
    again = chat.search(query, k=12)
    assert embedder.token_texts == [query]
    assert [(h.paper.paper_id, h.score) for h in again.hits] == \
        [(h.paper.paper_id, h.score) for h in live.hits]
    chat.close()


def test_pack_keeps_signs_and_reads_back_unit_vectors() -> None:
    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(7, 384)).astype(np.float32)
    bits = pack(vecs)
    assert len(bits) == 7 * 48
    back = unpack(bits, 384)
    assert back.shape == (7, 384)
    assert (np.sign(back) == np.sign(vecs)).all()
    assert np.linalg.norm(back, axis=1) == pytest.approx(1.0)
    assert unpack(pack(np.zeros((0, 384))), 384).shape == (0, 384)
    with pytest.raises(ValueError):
        pack(np.zeros((2, 10)))
    parts = [np.full((4, 8), 1.0), np.full((6, 8), 2.0)]
    assert stack(parts, 3).tolist() == [[1.0] * 8] * 4 + [[2.0] * 8] * 3


def test_real_token_vectors_name_their_words(real_embedder) -> None:  # type: ignore[no-untyped-def]
    text = "Zeroth-order optimization, revisited."
    tv = real_embedder.token_vectors([text, ""])
    assert tv[0].words[:4] == ["Zeroth", "Zeroth", "-", "order"]  # "zer" "##oth" "-" "order"
    assert len(tv[0].words) == len(tv[0].vectors) == len(real_embedder.tokenizer.encode(text).ids) - 2
    assert np.linalg.norm(tv[0].vectors.astype(np.float32), axis=1) == pytest.approx(1.0, abs=1e-2)
    assert tv[1].vectors.shape == (0, 384) and tv[1].words == []
    assert tv[0].embedding == pytest.approx(real_embedder.embed([text])[0], abs=1e-6)


def test_on_by_default() -> None:
    settings = get_settings()
    assert settings.retrieval.token_rerank == 20 and settings.chunking.token_vectors


def test_real_model_rescoring_lifts_the_matching_paper(seed_chat: PaperChat,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    query = "which papers study zeroth-order methods?"
    retriever = seed_chat.retriever
    retriever.settings = retriever.settings.model_copy(update={"token_rerank": 20})
    passes: list[list[str]] = []
    real_token_vectors = retriever.embedder.token_vectors
    monkeypatch.setattr(retriever.embedder, "token_vectors",
                        lambda texts: passes.append(list(texts)) or real_token_vectors(texts))
    monkeypatch.setattr(retriever.embedder, "embed", lambda texts: pytest.fail("second pass"))
    res = retriever.search(query, k=10)
    assert "tokens_ms" in res.timings
    assert passes == [[query]]  # the query's embedding and tokens in one forward pass
    monkeypatch.undo()
    zo = {p.paper_id for p in seed_chat.index.all_papers() if "zeroth-order" in p.abstract.lower()}
    assert {h.paper.paper_id for h in res.hits[:2]} == zo
    rescored = retriever._with_tokens(query, {h.paper.paper_id: 0.0 for h in res.hits},
                                                 {h.paper.paper_id: h.paper for h in res.hits})
    best = sorted(rescored, key=lambda p: -rescored[p])
    assert set(best[:2]) == zo  # token matching alone ranks them first too


def test_real_model_stores_at_ingest_what_query_time_would_encode(seed_chat: PaperChat,
                                                                  real_embedder) -> None:  # type: ignore[no-untyped-def]
    papers = list(seed_chat.index.all_papers())[:3]
    stored = seed_chat.index.tokens([p.paper_id for p in papers])
    fresh = PaperTokens(real_embedder, seed_chat._get_chunker()).encode(papers)
    assert stored == fresh  # ingest's shared forward pass = a pass of its own
    texts = ["Zeroth-order optimization, revisited.", "A second text."]
    pooled, tokens = real_embedder.embed_with_tokens(texts, 1)
    assert pooled == pytest.approx(real_embedder.embed(texts), abs=1e-6)
    assert len(tokens) == 1
    assert tokens[0] == pytest.approx(real_embedder.token_vectors(texts[1:])[0].vectors.astype(
        np.float32), abs=2e-3)


def test_serve_stores_missing_token_vectors_before_starting(tmp_path: Path, seed_files,  # type: ignore[no-untyped-def]
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    import ui.app
    from rag.cli import app

    home = tmp_path / "home"
    monkeypatch.setenv("PAPERCHAT_CHUNKING__TOKEN_VECTORS", "false")  # a store from before them
    built = CliRunner().invoke(app, ["ingest", *map(str, seed_files), "--data-dir", str(home)])
    assert built.exit_code == 0, built.output
    index = PaperIndex(home / "papers.sqlite3")
    assert len(index.without_tokens()) == 29
    monkeypatch.delenv("PAPERCHAT_CHUNKING__TOKEN_VECTORS")
    served: list[object] = []
    monkeypatch.setattr(ui.app, "serve", lambda chat, **kw: served.append(chat))
    result = CliRunner().invoke(app, ["serve", "--data-dir", str(home)])
    assert result.exit_code == 0, result.output
    assert served and "stored the token vectors of 29 papers" in result.output
    assert index.without_tokens() == [] and index.get_meta("token-vectors") == "1"
    served.pop().close()  # type: ignore[attr-defined]  # the UI would hold it until exit
    again = CliRunner().invoke(app, ["serve", "--data-dir", str(home)])
    assert again.exit_code == 0, again.output
    assert "stored the token vectors" not in again.output
    served.pop().close()  # type: ignore[attr-defined]
    index.close()


def test_a_record_with_the_same_texts_keeps_its_vectors(token_chat: PaperChat, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Re-ingesting a record whose authors changed rewrites its catalog row only: nothing is
    embedded, its chunks and token vectors stay; one whose abstract changed is embedded again."""
    from rag import Filters

    assert isinstance(token_chat.embedder, TokenHashEmbedder)
    path = _corpus(tmp_path / "c.jsonl")
    recs = [json.loads(line) for line in path.read_text().splitlines()]
    bits = token_chat.index.tokens(["p3"])["p3"]
    chunks = token_chat.vectors.count()  # type: ignore[attr-defined]
    embedded: list[str] = []
    real = token_chat.embedder.embed
    monkeypatch.setattr(token_chat.embedder, "embed", lambda texts: embedded.extend(texts)
                        or real(texts))
    recs[3]["authors"] = ["Ann Newcomer"]
    path.write_text("\n".join(json.dumps(r) for r in recs))
    report = token_chat.ingest([path], progress=False)
    assert (report.added, report.updated, report.kept_vectors, report.unchanged) == (0, 1, 1, 11)
    assert "1 not re-embedded" in report.summary()
    assert embedded == [] and token_chat.embedder.token_texts == []
    assert token_chat.index.get(["p3"])["p3"].authors == ["Ann Newcomer"]
    assert token_chat.index.tokens(["p3"])["p3"] == bits
    assert token_chat.vectors.count() == chunks  # type: ignore[attr-defined]
    hits = token_chat.search("flows", k=5, filters=Filters(author="Newcomer")).hits
    assert [h.paper.paper_id for h in hits] == ["p3"]

    recs[4]["abstract"] = "We study zeta flows only."
    path.write_text("\n".join(json.dumps(r) for r in recs))
    report = token_chat.ingest([path], progress=False)
    assert (report.updated, report.kept_vectors) == (1, 0)
    assert any("zeta" in t for t in embedded)
