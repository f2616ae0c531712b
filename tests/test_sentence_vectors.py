"""Sentence vectors: written, replaced, repaired and deleted in step with the chunks; used in
ranking without changing what a hit's similarity means. Real Chroma, the fast fake embedder."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from rag import PaperChat, get_settings
from rag.chunking import Chunker, split_sentences
from rag.types import Paper
from store.vector import ChromaStore


def _jsonl(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def _records(n: int) -> list[dict[str, object]]:
    return [{"id": f"p{i}", "title": f"Paper {i} on topic {i % 5}",
             "abstract": f"We study problem {i}. The method handles topic {i % 5}. "
                         f"Results on benchmark {i} are strong."} for i in range(n)]


def _sentence_rows(chat: PaperChat) -> tuple[list[str], list[str]]:
    store = chat.vectors
    assert isinstance(store, ChromaStore)
    got = store.sentences.get(include=["metadatas"])
    return list(got["ids"]), [str(m["paper_id"]) for m in got["metadatas"]]


def _consistent(chat: PaperChat) -> None:
    """Every catalog paper has exactly its sentences' vectors, and nothing else is stored."""
    ids, pids = _sentence_rows(chat)
    assert len(ids) == len(set(ids))
    papers = chat.index.get(list(chat.index.fingerprints()))
    assert set(pids) == set(papers)
    counts = Counter(pids)
    for pid, paper in papers.items():
        assert counts[pid] == len(split_sentences(paper.abstract)), pid


@pytest.mark.parametrize(("text", "expected"), [
    # 514 NeurIPS 2023 abstracts join sentences without a space
    ("It remains obscure.In this work, we study X. Results follow.",
     ["It remains obscure.", "In this work, we study X.", "Results follow."]),
    ("Why?We ask. It works!Next we go.", ["Why?", "We ask.", "It works!", "Next we go."]),
    # not between initials, after an abbreviation's single letter, in a decimal or a file name
    ("The U.S.A. team, e.g.The model, scores 3.5 with node.js on Fig.2 data.",
     ["The U.S.A. team, e.g.The model, scores 3.5 with node.js on Fig.2 data."]),
])
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_chunker_sentences_carry_the_title(hash_embedder) -> None:  # type: ignore[no-untyped-def]
    chunker = Chunker(hash_embedder.tokenizer)
    paper = Paper(paper_id="x", title="Deep Nets.", label="Deep Nets.",
                  abstract="We train nets. They work well! 3 datasets show it.")
    assert chunker.sentences(paper) == ["Deep Nets. We train nets.", "Deep Nets. They work well!",
                                        "Deep Nets. 3 datasets show it."]


def test_ingest_edit_remove_keep_sentences_in_step(fast_chat: PaperChat, tmp_path: Path) -> None:
    recs = _records(6)
    fast_chat.ingest([_jsonl(tmp_path / "a.jsonl", recs)], progress=False)
    _consistent(fast_chat)
    assert len(_sentence_rows(fast_chat)[0]) == 18
    recs[2]["abstract"] = "A rewritten abstract about glaciers. It has two sentences only."
    recs[3]["abstract"] = "Now a single sentence on volcanoes."
    report = fast_chat.ingest([_jsonl(tmp_path / "a.jsonl", recs)], progress=False)
    assert (report.updated, report.unchanged) == (2, 4)
    _consistent(fast_chat)
    docs = fast_chat.vectors.sentences.get(where={"paper_id": "p3"})  # type: ignore[attr-defined]
    assert docs["ids"] == ["p3::s0"]
    assert fast_chat.remove(["p2"]) == ["p2"]
    _consistent(fast_chat)
    assert "p2" not in _sentence_rows(fast_chat)[1]


def test_interrupted_sentence_write_is_repaired(fast_chat: PaperChat, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the chunks but while the sentences are written: the rerun completes both."""
    fast_chat.settings.store.batch_size = 5
    path = _jsonl(tmp_path / "many.jsonl", _records(20))
    real = ChromaStore.upsert_sentences
    calls = {"n": 0}

    def flaky(self, ids, embeddings, metadatas):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            real(self, ids[: len(ids) // 2], embeddings[: len(ids) // 2],
                 metadatas[: len(ids) // 2])  # half of them land, then the interrupt
            raise KeyboardInterrupt
        return real(self, ids, embeddings, metadatas)

    monkeypatch.setattr(ChromaStore, "upsert_sentences", flaky)
    with pytest.raises(KeyboardInterrupt):
        fast_chat.ingest([path], progress=False)
    assert fast_chat.index.count() == 10 and len(fast_chat.index.pending()) == 5
    monkeypatch.undo()
    report = fast_chat.ingest([path], progress=False)
    assert report.added == 10 and report.unchanged == 10
    assert fast_chat.index.pending() == []
    _consistent(fast_chat)
    assert len(_sentence_rows(fast_chat)[0]) == 60


def test_turning_sentence_vectors_on_backfills_stored_papers(hash_embedder, tmp_path: Path  # type: ignore[no-untyped-def]
                                                             ) -> None:
    path = _jsonl(tmp_path / "a.jsonl", _records(7))
    off = PaperChat(get_settings(chunking={"sentence_vectors": False}), embedder=hash_embedder)
    off.ingest([path], progress=False)
    assert _sentence_rows(off)[0] == []
    assert off.index.get_meta("sentence-vectors") == "0"
    off.close()
    on = PaperChat(get_settings(), embedder=hash_embedder)
    report = on.ingest([path], progress=False)
    assert report.unchanged == 7 and report.added == 0
    _consistent(on)
    assert on.index.get_meta("sentence-vectors") == "1"
    on.close()


def test_store_similarities_are_best_chunk_and_best_sentence(fast_chat: PaperChat,
                                                             tmp_path: Path) -> None:
    fast_chat.ingest([_jsonl(tmp_path / "a.jsonl", _records(8))], progress=False)
    store = fast_chat.vectors
    assert isinstance(store, ChromaStore)
    q = fast_chat.embedder.embed(["results on benchmark 3"])[0]
    chunk = store.similarities(q, ["p3", "p4", "nope"])
    assert set(chunk) == {"p3", "p4"}
    by_query = {h.paper_id: h.similarity for h in store.query(q, 10, ["p3", "p4"])}
    assert chunk == pytest.approx(by_query, abs=1e-5)
    sent = store.sentence_similarities(q, ["p3", "p4"])
    got = store.sentences.get(where={"paper_id": "p3"}, include=["embeddings"])
    assert sent["p3"] == pytest.approx(float(np.max(np.asarray(got["embeddings"]) @ q)), abs=1e-5)
    assert sent["p3"] > chunk["p3"]  # the matching sentence beats the whole abstract
    assert store.sentence_similarities(q, []) == {}


def test_sentences_rank_but_similarity_stays_best_chunk(fast_chat: PaperChat,
                                                        tmp_path: Path) -> None:
    fast_chat.ingest([_jsonl(tmp_path / "a.jsonl", _records(10))], progress=False)
    for mode in ("hybrid", "dense"):
        res = fast_chat.search("results on benchmark 7", k=5, mode=mode)
        assert res.hits[0].paper.paper_id == "p7" and "sentences_ms" in res.timings
        chunk = fast_chat.vectors.similarities(  # type: ignore[attr-defined]
            fast_chat.embedder.embed(["results on benchmark 7"])[0],
            [h.paper.paper_id for h in res.hits])
        for h in res.hits:
            assert h.similarity == pytest.approx(chunk[h.paper.paper_id], abs=1e-5)
    retriever = fast_chat.retriever
    retriever.settings = retriever.settings.model_copy(update={"sentence_weight": 0.0})
    assert "sentences_ms" not in retriever.search("results on benchmark 7", 5).timings
    assert fast_chat.retriever.similarities("results on benchmark 7", ["p7"])["p7"] == \
        pytest.approx(chunk["p7"], abs=1e-5)
