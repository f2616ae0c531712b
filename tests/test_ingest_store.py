"""Ingest into a real Chroma store and the SQLite index, with the fast fake embedder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rag import PaperChat
from rag.errors import InputError
from store.lexical import PaperIndex
from store.vector import ChromaStore


def _write_jsonl(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def _records(n: int, prefix: str = "p") -> list[dict[str, object]]:
    return [{"id": f"{prefix}{i}", "title": f"Paper number {i} on topic {i % 7}",
             "authors": [f"Author {i}", "Shared Author"],
             "abstract": f"We study problem {i} with a method for topic {i % 7}. " * 3,
             "conference": "TestConf", "year": 2020 + i % 3} for i in range(n)]


def _chroma_paper_ids(chat: PaperChat) -> list[str]:
    store = chat.vectors
    assert isinstance(store, ChromaStore)
    got = store.collection.get(include=["metadatas"])
    return [str(m["paper_id"]) for m in got["metadatas"]]


def _sentence_paper_ids(chat: PaperChat) -> list[str]:
    store = chat.vectors
    assert isinstance(store, ChromaStore)
    got = store.sentences.get(include=["metadatas"])
    assert len(got["ids"]) == len(set(got["ids"]))
    return [str(m["paper_id"]) for m in got["metadatas"]]


def test_seed_files_ingest_once(fast_chat: PaperChat, seed_files: list[Path]) -> None:
    first = fast_chat.ingest(seed_files, progress=False)
    assert (first.added, first.updated, first.unchanged) == (29, 0, 0)
    again = fast_chat.ingest(seed_files, progress=False)
    assert (again.added, again.updated, again.unchanged) == (0, 0, 29)
    assert fast_chat.index.count() == 29
    assert sorted(set(_chroma_paper_ids(fast_chat))) == sorted(fast_chat.index.fingerprints())


def test_edited_abstract_replaces_its_chunks(fast_chat: PaperChat, tmp_path: Path) -> None:
    recs = _records(5)
    fast_chat.ingest([_write_jsonl(tmp_path / "a.jsonl", recs)], progress=False)
    recs[2]["abstract"] = "A completely rewritten abstract about zeroth-order optimization."
    report = fast_chat.ingest([_write_jsonl(tmp_path / "a.jsonl", recs)], progress=False)
    assert (report.added, report.updated, report.unchanged) == (0, 1, 4)
    docs = fast_chat.vectors.collection.get(where={"paper_id": "p2"},  # type: ignore[attr-defined]
                                            include=["documents"])["documents"]
    assert len(docs) == 1 and "rewritten" in docs[0]
    assert _sentence_paper_ids(fast_chat).count("p2") == 1  # the new abstract's one sentence
    assert "rewritten" in fast_chat.index.get(["p2"])["p2"].abstract


def test_remove_deletes_everywhere(fast_chat: PaperChat, tmp_path: Path) -> None:
    fast_chat.ingest([_write_jsonl(tmp_path / "a.jsonl", _records(4))], progress=False)
    assert fast_chat.remove(["p1", "nope"]) == ["p1"]
    assert "p1" not in _chroma_paper_ids(fast_chat)
    assert "p1" not in _sentence_paper_ids(fast_chat)
    assert fast_chat.index.count() == 3
    assert all(h.paper.paper_id != "p1" for h in fast_chat.search("problem 1", k=10).hits)


def test_bad_records_are_skipped_and_named(fast_chat: PaperChat, tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(_records(1)[0]) + "\n{not json\n"
                    + json.dumps({"id": "x", "title": "t", "abstract": ""}) + "\n")
    report = fast_chat.ingest([path], progress=False)
    assert report.added == 1
    assert len(report.skipped) == 2
    assert all("bad.jsonl" in s for s in report.skipped)
    assert any(": record 2:" in s or "line 2" in s for s in report.skipped)


def test_unreadable_file_is_fatal_and_writes_nothing(fast_chat: PaperChat, tmp_path: Path) -> None:
    good = _write_jsonl(tmp_path / "good.jsonl", _records(3))
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\x00\x01\x02 not a paper list \xff")
    with pytest.raises(InputError, match="garbage.bin"):
        fast_chat.ingest([good, garbage], progress=False)
    assert fast_chat.index.count() == 0


@pytest.mark.parametrize("fail_at", ["vector_upsert", "catalog_commit"])
def test_interrupted_ingest_resumes_without_duplicates(
        fast_chat: PaperChat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        fail_at: str) -> None:
    """Ctrl-C in the middle of a batch (while Chroma writes, or just before the catalog
    commits) leaves a store that a rerun completes with exactly one copy of each paper."""
    fast_chat.settings.store.batch_size = 8
    path = _write_jsonl(tmp_path / "many.jsonl", _records(40))
    calls = {"n": 0}
    if fail_at == "vector_upsert":
        real = type(fast_chat.vectors).upsert

        def flaky(self, *a, **kw):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            if calls["n"] == 3:
                real(self, *a, **kw)  # the chunks land in Chroma, then the interrupt
                raise KeyboardInterrupt
            return real(self, *a, **kw)
        monkeypatch.setattr(type(fast_chat.vectors), "upsert", flaky)
    else:
        from store.lexical import PaperIndex
        real_clear = PaperIndex.clear_pending

        def flaky_clear(self, db, ids):  # type: ignore[no-untyped-def]
            calls["n"] += 1
            if calls["n"] == 3:
                raise KeyboardInterrupt
            return real_clear(self, db, ids)
        monkeypatch.setattr(PaperIndex, "clear_pending", flaky_clear)

    with pytest.raises(KeyboardInterrupt):
        fast_chat.ingest([path], progress=False)
    assert fast_chat.index.count() == 16  # two batches committed, the third rolled back
    monkeypatch.undo()
    report = fast_chat.ingest([path], progress=False)
    assert report.added == 24 and report.unchanged == 16
    ids = _chroma_paper_ids(fast_chat)
    assert len(ids) == len(set(ids)) == 40  # one chunk each, no duplicates, no orphans
    assert fast_chat.index.pending() == []
    sentences = _sentence_paper_ids(fast_chat)  # three sentences each, no duplicates or orphans
    assert len(sentences) == 120 and set(sentences) == set(ids)


def test_embedder_failure_ahead_of_the_writer_leaves_committed_batches_only(
        fast_chat: PaperChat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches are embedded one ahead in a worker thread: when embedding batch 3 fails, batches
    1 and 2 are complete, batch 3 wrote nothing, and the error reaches the caller."""
    fast_chat.settings.store.batch_size = 8
    path = _write_jsonl(tmp_path / "many.jsonl", _records(40))
    embedder = fast_chat.embedder
    real = embedder.embed
    calls = {"n": 0}

    def flaky(texts):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("embedder out of memory")
        return real(texts)
    monkeypatch.setattr(embedder, "embed", flaky)
    with pytest.raises(RuntimeError, match="out of memory"):
        fast_chat.ingest([path], progress=False)
    assert fast_chat.index.count() == 16
    assert fast_chat.index.pending() == []
    assert sorted(set(_chroma_paper_ids(fast_chat))) == sorted(fast_chat.index.fingerprints())
    monkeypatch.undo()
    assert fast_chat.ingest([path], progress=False).added == 24


def test_filters_narrow_search(fast_chat: PaperChat, tmp_path: Path) -> None:
    from rag import Filters

    fast_chat.ingest([_write_jsonl(tmp_path / "a.jsonl", _records(12))], progress=False)
    hits = fast_chat.search("problem topic", k=20, filters=Filters(year=2021)).hits
    assert hits and all(h.paper.year == 2021 for h in hits)
    hits = fast_chat.search("problem", k=20, filters=Filters(author="author 3")).hits
    assert [h.paper.paper_id for h in hits] == ["p3"]
    assert fast_chat.search("problem", filters=Filters(venue="NoSuchVenue")).hits == []


def test_venues_years_and_acronyms_follow_writes_from_anywhere(tmp_path: Path) -> None:
    """What the catalog-wide reads derive is cached, and renewed after a write through the same
    index or a commit by another connection (another process's ingest)."""
    from rag.types import Paper
    from store.lexical import PaperIndex

    mine, other = PaperIndex(tmp_path / "i.sqlite3"), PaperIndex(tmp_path / "i.sqlite3")
    with mine.transaction() as db:
        mine.put(db, Paper(paper_id="a", label="A", abstract="Zeroth-order (ZO) methods.",
                           venue="COLT", year=2023))
    assert (mine.years(), mine.match_venue("COLT papers"), list(mine.acronyms())) == (
        {2023}, "COLT", ["zo"])
    with other.transaction() as db:
        other.put(db, Paper(paper_id="b", label="B", abstract="Large language models (LLMs).",
                            venue="NeurIPS 2024", year=2024))
    assert mine.years() == {2023, 2024}
    assert mine.match_venue("NeurIPS papers on ZO") == "NeurIPS"
    assert mine.match_venue("neurips papers") == "NeurIPS"  # five letters or more: any case
    assert mine.match_venue("colt papers") == ""  # shorter: as written
    assert sorted(mine.acronyms()) == ["llm", "zo"]
    mine.close()
    other.close()


def test_old_index_is_migrated_and_deletes_hit_the_fts_rows(tmp_path: Path) -> None:
    from rag.types import Paper
    from store.lexical import PaperIndex

    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        for n in range(3):
            index.put(db, Paper(paper_id=f"x{n}", label=f"L{n}",
                                abstract=f"Unique topic alpha{n} with shared words."))
    # an index from before schema 2: FTS rowids unrelated to the papers' rowids
    with index.transaction() as db:
        rows = db.execute("SELECT paper_id, title, label, keywords, abstract, expansions, "
                          "authors FROM papers_fts").fetchall()
        db.execute("DELETE FROM papers_fts")
        for i, row in enumerate(rows):
            db.execute("INSERT INTO papers_fts (rowid, paper_id, title, label, keywords, abstract,"
                       " expansions, authors) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (1000 + i, *row))
        db.execute("DELETE FROM meta WHERE key = 'schema'")
    index.close()
    index = PaperIndex(tmp_path / "i.sqlite3")
    from store.lexical import SCHEMA_VERSION
    assert index.get_meta("schema") == SCHEMA_VERSION
    with index.transaction() as db:
        index.delete(db, ["x1"])
    assert [h.paper_id for h in index.search("alpha1", 5)] == []
    assert [h.paper_id for h in index.search("alpha2", 5)] == ["x2"]
    assert index.db.execute("SELECT count(*) FROM papers_fts").fetchone()[0] == 2
    index.close()


def test_a_word_porter_takes_for_another_is_named_only_as_written(tmp_path: Path) -> None:
    """Porter stems "tokenization" and "token", "continual" and "continuous", "transformers"
    and "transform", "conformal" and "conformational" alike; a paper names the question's
    word only where it writes it (or a word of its own group: "tokenizers"), in its text and
    in its title."""
    from rag.types import Paper
    from store.lexical import PaperIndex

    papers = {
        "tok": ("Byte Pair Encoding Revisited", "We study tokenizers for language models."),
        "next": ("Next-Token Prediction", "Language models predict one token at a time."),
        "cl": ("Continual Learning without Forgetting", "Tasks arrive one after another."),
        "cc": ("Continuous Control", "Agents continue learning in continuous action spaces."),
        "vit": ("Vision Transformers at Scale", "Transformer models for images."),
        "fft": ("Fourier Transforms for Images", "A transform of the image data."),
        "cp": ("Conformal Prediction Sets", "Coverage guarantees for any model."),
        "prot": ("Protein Dynamics", "We sample conformational changes of proteins."),
    }
    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        for pid, (title, abstract) in papers.items():
            index.put(db, Paper(paper_id=pid, title=title, label=title, abstract=abstract))
    assert set(index.coverage("Which papers are about tokenization?")) == {"tok"}
    assert set(index.coverage("Which papers predict tokens?")) >= {"next"}
    assert "tok" not in index.coverage("Which papers predict tokens?")
    assert index.phrase_matches("Which papers study continual learning?") == {"cl"}
    assert index.title_matches("Which papers are about transformers?") == {"vit"}
    assert index.title_matches("Which papers use Fourier transforms?") == {"fft"}
    conformal = index.coverage("Which papers are about conformal prediction?")
    assert "cp" in conformal and "prot" not in conformal
    assert set(index.coverage("Which papers study protein conformations?")) == {"prot"}
    assert {h.paper_id for h in index.search("tokenization", 5)} == {"tok", "next"}  # ranking
    with index.transaction() as db:  # an index from before the stored groups: rebuilt
        db.execute("DROP TABLE splits")
        db.execute("UPDATE meta SET value = '4' WHERE key = 'schema'")
    index.close()
    index = PaperIndex(tmp_path / "i.sqlite3")
    assert set(index.coverage("Which papers are about tokenization?")) == {"tok"}
    with index.transaction() as db:
        index.delete(db, ["tok"])
    assert index.db.execute("SELECT count(*) FROM splits WHERE paper_id = 'tok'").fetchone() == (0,)
    assert index.coverage("Which papers are about tokenization?") == {}
    index.close()


def test_an_author_name_is_no_topic_word(tmp_path: Path) -> None:
    """A paper whose author is Sam or Lora does not name "SAM" or "LoRA": the topic's
    coverage, phrase and title matches read the paper's text, not its authors; the ranking
    still finds an author's name."""
    from rag.types import Paper
    from store.lexical import PaperIndex

    papers = {"sam": ("Sharpness-Aware Minimization Revisited", "We study SAM.", ["Ann Lee"]),
              "rosen": ("Protein Design", "We design proteins.", ["Sam Rosen"]),
              "lora": ("Low-Rank Adapters", "LoRA adapters are cheap.", ["Bo Li"]),
              "aroyo": ("Rater Diversity", "Raters disagree.", ["Lora Aroyo"])}
    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        for pid, (title, abstract, authors) in papers.items():
            index.put(db, Paper(paper_id=pid, title=title, label=title, abstract=abstract,
                                authors=authors))
    assert set(index.coverage("Which papers use SAM?")) == {"sam"}
    assert set(index.coverage("Which papers use LoRA?")) == {"lora"}
    assert index.phrase_matches("Which papers study low-rank adapters?") == {"lora"}
    assert {h.paper_id for h in index.search("Lora Aroyo", 5)} == {"aroyo", "lora"}
    index.close()



def _abstracts_index(tmp_path: Path, abstracts: dict[str, str]) -> PaperIndex:
    """A keyword index of papers titled "Paper <id>" with these abstracts."""
    from rag.types import Paper
    from store.lexical import PaperIndex

    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        for pid, abstract in abstracts.items():
            index.put(db, Paper(paper_id=pid, title=f"Paper {pid}", label=f"Paper {pid}",
                                abstract=abstract))
    return index


def test_a_compound_the_papers_hyphenate_is_respelled_as_they_write_it(tmp_path: Path) -> None:
    """"selfsupervised", which one paper writes and more write "self-supervised", is read as
    "self-supervised"; a word two papers write as typed is left alone."""
    abstracts = {"a": "We study self-supervised learning.", "b": "A self-supervised encoder.",
                 "c": "Selfsupervised pretraining helps.", "d": "Multitask training.",
                 "e": "Multitask models and multi-task heads.", "f": "Multi-task learning."}
    index = _abstracts_index(tmp_path, abstracts)
    assert index.respelled("selfsupervised") == "self-supervised"
    assert index.respelled("multitask") == ""  # two papers write it so
    index.close()


def test_a_compound_many_more_papers_hyphenate_is_read_hyphenated(tmp_path: Path) -> None:
    """"multiagent", which 2 papers write and 10 (5 times as many) write "multi-agent", is read
    as "multi-agent" (the phrase "multiagent reinforcement learning" named none of those); a
    compound 2 papers write joined and 5 hyphenated stays as typed."""
    from store.lexical import _HYPHENATED_OVER

    abstracts = {f"h{i}": f"We study multi-agent games and fine-tuning, case {i}."
                 for i in range(2 * _HYPHENATED_OVER)}
    abstracts |= {f"j{i}": f"A multiagent system with finetuning {i}." for i in range(2)}
    abstracts |= {f"f{i}": f"More finetuning {i}." for i in range(3)}
    index = _abstracts_index(tmp_path, abstracts)
    assert index.respelled("multiagent") == "multi-agent"
    assert index.respelled("finetuning") == ""  # 5 papers write it joined, 10 hyphenated
    index.close()


def test_a_long_word_one_paper_writes_is_a_typo_of_a_word_many_write(tmp_path: Path) -> None:
    """"preferances", which one paper writes (and stemming finds in the others: "prefer"), is
    read as "preferences", which 20 write; a short word ("gemma" by "gamma"), one close to a
    word few papers write, and one another word's stem ("normalize" by "formalize") stay as
    typed."""
    from store.lexical import _TYPO_COMMON

    abstracts = {f"p{i}": f"We learn human preferences and gamma rays {i}. We formalize it."
                 for i in range(_TYPO_COMMON)}
    abstracts |= {"typo": "We model preferances of users with gemma. We normalize it.",
                  "r1": "A hierarchical planner, normal case.", "r2": "Hierarchical control.",
                  "rare": "A hierarchcal model."}
    index = _abstracts_index(tmp_path, abstracts)
    assert index.respelled("preferances") == "preferences"
    assert index.respelled("preferences") == ""
    assert index.respelled("normalize") == ""  # a word of its own stem ("formalize" was read)
    assert index.respelled("gemma") == ""  # under 8 letters
    assert index.respelled("hierarchcal") == ""  # "hierarchical": 2 papers write it
    index.close()


def test_british_and_american_spellings_match_each_other(tmp_path: Path) -> None:
    """The keyword index reads British spellings as American ones, in the papers and in every
    question: "Bayesian optimisation" finds "Bayesian Optimization" and the other way round,
    in the coverage, the phrase and title matches and the ranking; "optimisation" is no
    misspelling; the paper is stored as written. An index from before is rebuilt so."""
    from rag.types import Paper
    from store.lexical import SCHEMA_VERSION, PaperIndex

    papers = {"us": ("Bayesian Optimization of kernels", "We tokenize and optimize."),
              "uk": ("Bayesian optimisation with kernelised priors", "We tokenise and optimise."),
              "tum": ("Tumour growth models", "Modelling of tumours in the centre.")}
    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        for pid, (title, abstract) in papers.items():
            index.put(db, Paper(paper_id=pid, title=title, label=title, abstract=abstract))
    for question in ("Which papers study Bayesian optimization?",
                     "Which papers study Bayesian optimisation?"):
        assert set(index.coverage(question)) == {"us", "uk"}, question
        assert index.phrase_matches(question) == {"us", "uk"}, question
        assert index.title_matches(question) == {"us", "uk"}, question
        assert {h.paper_id for h in index.search(question, 5)} == {"us", "uk"}, question
    assert set(index.coverage("kernelized tokenization")) == {"us", "uk"}
    assert index.title_matches("tumor growth") == {"tum"}
    assert set(index.coverage("modeling of tumors in the center")) == {"tum"}
    assert index.doc_frequencies(["tumor", "tumour"]) == {"tumor": 1, "tumour": 1}
    assert index.respelled("optimisation") == ""
    assert index.get(["uk"])["uk"].title == "Bayesian optimisation with kernelised priors"
    with index.transaction() as db:  # an index from before: its rows as written, rebuilt
        db.execute("DELETE FROM papers_fts")
        for rowid, pid in db.execute("SELECT rowid, paper_id FROM papers").fetchall():
            title, abstract = papers[pid]
            db.execute("INSERT INTO papers_fts (rowid, paper_id, title, abstract) VALUES "
                       "(?, ?, ?, ?)", (rowid, pid, title, abstract))
        db.execute("UPDATE meta SET value = '8' WHERE key = 'schema'")
    assert index.title_matches("Bayesian optimization") == {"us"}  # as a version 8 index
    index.close()
    index = PaperIndex(tmp_path / "i.sqlite3")
    assert index.get_meta("schema") == SCHEMA_VERSION
    assert index.title_matches("Bayesian optimization") == {"us", "uk"}
    index.close()


@pytest.mark.parametrize("query", [
    'NEAR(a b)', '"', '*', 'title:x', 'AND OR NOT', '^foo', 'a-b-c-', '(((', "it's", "x' OR 1=1 --",
    'zeroth-order (ZO) "methods"', '[1] {x}', 'ünïcödé – dash', '-', 'a* b* *c',
])
def test_adversarial_queries_do_not_break_search(fast_chat: PaperChat, tmp_path: Path,
                                                 query: str) -> None:
    fast_chat.ingest([_write_jsonl(tmp_path / "a.jsonl", _records(3))], progress=False)
    fast_chat.search(query)  # no exception
    fast_chat.index.coverage(query)


def test_second_process_on_the_same_data_dir_gets_a_clear_error(fast_chat: PaperChat,
                                                                 seed_files: list[Path]) -> None:
    import subprocess
    import sys

    fast_chat.ingest(seed_files[:1], progress=False)  # this process now holds the data dir
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "search", "optimization"],
                          check=False, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "in use by another PaperChat process" in proc.stderr
    assert str(os.getpid()) in proc.stderr
    fast_chat.close()
    again = subprocess.run([sys.executable, "-m", "rag.cli", "search", "optimization"],
                           check=False, capture_output=True, text=True, timeout=120)
    # the lock is gone (this store was built by the test embedder, which Chroma then rejects)
    assert "in use by another PaperChat process" not in again.stderr


def test_the_dense_index_explores_the_configured_candidates(tmp_path: Path,
                                                          hash_embedder) -> None:  # type: ignore[no-untyped-def]
    """Chroma's HNSW index explores ``store.ef_search`` candidates per query, also in a store
    made with its default (100: 0.988 of the exact top 200 on 5,742 chunks, and a different
    list in each process, as the vectors not yet in the saved graph are inserted again on
    every load); a store is set on open, and stays set."""
    import chromadb

    from rag import get_settings
    from store.vector import _chroma_settings

    settings = get_settings(home=tmp_path / "h")
    assert settings.store.ef_search > 200  # above the 200 chunks a query asks for
    chroma_dir = settings.chroma_dir
    chroma_dir.mkdir(parents=True)
    client = chromadb.PersistentClient(path=str(chroma_dir), settings=_chroma_settings())
    client.get_or_create_collection(settings.store.collection, embedding_function=hash_embedder,
                                    configuration={"hnsw": {"space": "cosine"}})
    del client  # a store made before: Chroma's default
    for ef in (settings.store.ef_search, 777):
        chat = PaperChat(settings.model_copy(update={"store": settings.store.model_copy(
            update={"ef_search": ef})}), embedder=hash_embedder)
        chat.ingest([_write_jsonl(tmp_path / "a.jsonl", _records(3))], progress=False)
        store = chat.vectors
        assert isinstance(store, ChromaStore)
        assert store.collection.configuration["hnsw"]["ef_search"] == ef
        chat.close()
    client = chromadb.PersistentClient(path=str(chroma_dir), settings=_chroma_settings())
    got = client.get_collection(settings.store.collection, embedding_function=hash_embedder)
    assert got.configuration["hnsw"]["ef_search"] == 777  # (saved in the store)
    assert got.configuration["hnsw"]["space"] == "cosine"


def test_a_store_whose_search_cannot_be_set_opens_with_a_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    """Where Chroma cannot set ``ef_search`` on a collection made before (a server of another
    version, a SPANN index), the store still opens, with a warning naming it (it raised a
    StoreError: nothing could be searched)."""
    class Collection:
        name = "papers"
        configuration = {"hnsw": {"ef_search": 100}}

        def modify(self, **_: object) -> None:
            raise ValueError("ef_search is not mutable here")

    class Client:
        def get_or_create_collection(self, name: str, **_: object) -> Collection:
            return Collection()

    with caplog.at_level("WARNING", logger="paperchat"):
        store = ChromaStore(Client(), "papers", None, ef_search=2000)
    assert store.collection.configuration["hnsw"]["ef_search"] == 100
    assert "could not set ef_search=2000 on Chroma collection 'papers'" in caplog.text


def test_new_chunk_settings_re_embed_every_paper(tmp_path: Path, hash_embedder) -> None:  # type: ignore[no-untyped-def]
    from rag import get_settings

    path = _write_jsonl(tmp_path / "a.jsonl", _records(5))
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    chat.ingest([path], progress=False)
    before = chat.vectors.count()  # type: ignore[attr-defined]
    chat.close()
    # same catalog, smaller chunks: the vectors no longer match what the settings produce
    chat = PaperChat(get_settings(home=tmp_path / "h", chunking={"chunk_tokens": 32,
                                                                 "overlap_tokens": 0}),
                     embedder=hash_embedder)
    assert chat.search("problem 3", k=5).hits  # triggers the re-embedding first
    assert chat.index.pending() == []
    got = chat.vectors.collection.get(include=["metadatas"])  # type: ignore[attr-defined]
    assert chat.vectors.count() > before  # type: ignore[attr-defined]
    assert sorted({m["paper_id"] for m in got["metadatas"]}) == sorted(chat.index.fingerprints())
    report = chat.ingest([path], progress=False)
    assert report.unchanged == 5 and report.added == 0
    chat.close()


def test_store_recorded_by_its_old_path_is_not_re_embedded(tmp_path: Path, hash_embedder,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Catalogs written before the identity said "data dir" recorded the Chroma path; opening
    one rewrites the record instead of re-embedding every paper."""
    import json as _json

    from rag import get_settings

    path = _write_jsonl(tmp_path / "a.jsonl", _records(5))
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    chat.ingest([path], progress=False)
    old = _json.loads(chat.index.get_meta("vectors"))
    old["at"] = str(tmp_path / "elsewhere" / "chroma")
    chat.index.set_meta("vectors", _json.dumps(old, sort_keys=True))
    chat.close()
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    embedded: list[int] = []
    real = hash_embedder.embed
    monkeypatch.setattr(hash_embedder, "embed", lambda texts: embedded.append(len(texts))
                        or real(texts))
    assert chat.search("problem 3", k=5).hits
    assert embedded == [1]  # the query only
    assert _json.loads(chat.index.get_meta("vectors"))["at"] == "data dir"
    chat.close()


def test_index_from_schema_3_gets_acronyms_as_written(tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """An index of the previous version (acronyms without their written form, mixed-case ones
    not learned) is rebuilt when opened, once, and says so."""
    from rag.types import Paper
    from store.lexical import SCHEMA_VERSION, PaperIndex

    index = PaperIndex(tmp_path / "i.sqlite3")
    with index.transaction() as db:
        index.put(db, Paper(paper_id="n", title="Scenes", label="Scenes",
                            abstract="Neural radiance fields (NeRFs) render scenes."))
        db.execute("DROP TABLE acronyms")
        db.execute("CREATE TABLE acronyms (acronym TEXT NOT NULL, expansion TEXT NOT NULL, "
                   "paper_id TEXT NOT NULL, PRIMARY KEY (acronym, expansion, paper_id))")
        db.execute("INSERT INTO meta VALUES ('schema', '3') ON CONFLICT (key) DO UPDATE "
                   "SET value = '3'")
    index.close()
    with caplog.at_level("WARNING", logger="paperchat.store"):
        index = PaperIndex(tmp_path / "i.sqlite3")
    assert index.get_meta("schema") == SCHEMA_VERSION
    assert "rebuilding it for 1 papers" in caplog.text
    assert index.acronyms() == {"nerf": ["neural radiance fields"]}
    assert index.acronyms().written == {"nerf": {"NeRF"}}
    index.close()
    caplog.clear()
    PaperIndex(tmp_path / "i.sqlite3").close()
    assert "rebuilding" not in caplog.text


def test_a_catalog_from_before_status_and_affiliations_gets_them_without_re_embedding(
        tmp_path: Path, hash_embedder, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """A catalog whose papers table lacks the status and affiliations columns gets them when
    opened; ingesting its file again fills them, rewriting the catalog rows only."""
    from rag import Filters, get_settings

    recs = _records(4)
    for rec, aff in zip(recs, ["Massachusetts Institute of Technology", "Smith College", "",
                               "ETH Zürich"], strict=True):
        rec["status"], rec["affiliations"] = "Oral" if aff else "Poster", [aff, ""]
    path = _write_jsonl(tmp_path / "a.jsonl", recs)
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    chat.ingest([path], progress=False)
    with chat.index.transaction() as db:  # as an older version wrote it
        db.execute("ALTER TABLE papers DROP COLUMN status")
        db.execute("ALTER TABLE papers DROP COLUMN affiliations")
        for pid, data in db.execute("SELECT paper_id, data FROM papers").fetchall():
            old = {k: v for k, v in json.loads(data).items() if k not in ("status", "affiliations")}
            db.execute("UPDATE papers SET data = ?, fingerprint = 'old' WHERE paper_id = ?",
                       (json.dumps(old), pid))
    chat.close()
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    assert chat.index.filter_ids(status="oral") == []
    assert chat.index.match_status("accepted as a spotlight") == ("", "")  # no statuses yet
    embedded: list[int] = []
    real = hash_embedder.embed
    monkeypatch.setattr(hash_embedder, "embed", lambda texts: embedded.append(len(texts))
                        or real(texts))
    report = chat.ingest([path], progress=False)
    assert (report.updated, report.kept_vectors, embedded) == (4, 4, [])
    assert sorted(chat.index.filter_ids(status="oral") or []) == ["p0", "p1", "p3"]
    assert chat.index.filter_ids(affiliation="MIT") == ["p0"]  # not "Smith"
    assert chat.index.filter_ids(affiliation="ETH Zurich") == ["p3"]  # accents folded
    assert chat.index.filter_ids(affiliation="eth zurich") == ["p3"]  # long names: any case
    assert chat.index.affiliations_given() == (3, 4)
    assert [h.paper.paper_id for h in chat.search(
        "problem", k=5, filters=Filters(affiliation="Massachusetts Institute of Technology",
                                        status="Oral")).hits] == ["p0"]
    assert chat.index.match_status("Which orals study X?") == ("", "")  # the answerer
    # reads "orals" as "oral papers" first
    assert chat.index.match_status("accepted as a spotlight") == (
        "Spotlight", "accepted as a spotlight")  # one no paper has: the answer says so
    assert chat.index.match_status("papers accepted as oral presentations") == (
        "Oral", "accepted as oral presentations")
    assert chat.index.match_status("oral papers on X") == ("Oral", "oral")  # "papers" stays
    assert chat.index.match_status("papers on oral health") == ("", "")  # a topic
    assert chat.index.match_affiliation("papers from MIT on bandits") == ("MIT", "from MIT")
    assert chat.index.match_affiliation("papers from Smith College") == (
        "Smith College", "from Smith College")
    assert chat.index.match_affiliation("results at Scale") == ("", "")
    chat.close()


def test_a_catalog_from_before_sessions_gets_the_column_and_filters_on_it(
        tmp_path: Path, hash_embedder) -> None:  # type: ignore[no-untyped-def]
    """A catalog without the session column gets it when opened, the next ingest fills it;
    a question names a session by number or by day (its morning or afternoon by the time)."""
    from rag import get_settings
    from rag.types import Paper

    recs = _records(4)
    for rec, session in zip(recs, ["Poster Session 1: Tuesday, Dec 12, 08:45 CT",
                                   "Poster Session 2: Tuesday, Dec 12, 3:15 PM CT",
                                   "Oral Session 3A: Wednesday, Dec 13, 08:45 CT", ""],
                            strict=True):
        rec["session"] = session
    path = _write_jsonl(tmp_path / "a.jsonl", recs)
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    chat.ingest([path], progress=False)
    with chat.index.transaction() as db:  # as an older version wrote it
        db.execute("ALTER TABLE papers DROP COLUMN session")
        for pid, data in db.execute("SELECT paper_id, data FROM papers").fetchall():
            old = {k: v for k, v in json.loads(data).items() if k != "session"}
            db.execute("UPDATE papers SET data = ?, fingerprint = ? WHERE paper_id = ?",
                       (json.dumps(old), Paper.model_validate(old).fingerprint(), pid))
    chat.close()
    chat = PaperChat(get_settings(home=tmp_path / "h"), embedder=hash_embedder)
    assert chat.index.filter_ids(session="Poster Session 1: Tuesday, Dec 12, 08:45 CT") == []
    assert chat.index.match_session("papers in poster session 1") == ("", "")  # none given yet
    report = chat.ingest([path], progress=False)
    assert (report.updated, report.kept_vectors) == (3, 3)  # the fourth gives none: unchanged
    first, second, third = (r["session"] for r in recs[:3])
    assert chat.index.filter_ids(session=first) == ["p0"]
    assert sorted(chat.index.filter_ids(session=f"{first} or {third}") or []) == ["p0", "p2"]
    assert chat.index.match_session("Which papers on X are in poster session 2?") == (
        second, "in poster session 2")
    assert chat.index.match_session("papers presented on Tuesday") == (
        f"{first} or {second}", "presented on Tuesday")
    assert chat.index.match_session("papers presented on tuesday afternoon") == (
        second, "presented on tuesday afternoon")
    assert chat.index.match_session("papers presented on tuesday morning") == (
        first, "presented on tuesday morning")  # 3:15 PM is the afternoon
    assert chat.index.match_session("Wednesday's posters on X") == (third, "Wednesday's")
    assert chat.index.match_session("papers in session 9") == ("Session 9", "in session 9")
    assert chat.index.match_session("the orals in oral session 3") == (third, "in oral session 3")
    assert chat.index.match_session("papers in session 03") == (third, "in session 03")
    assert chat.index.match_session("papers in oral session 1") == (  # a poster session
        "Oral Session 1", "in oral session 1")
    assert chat.index.match_session("papers presented on Monday") == (
        "Monday", "presented on Monday")
    assert chat.index.match_session("session-based recommendation") == ("", "")
    assert chat.index.match_session("orals on X in the second poster session") == (
        second, "in the second poster session")
    assert chat.index.match_session("what is in the last session?") == (
        third, "in the last session")
    assert chat.index.match_session("the first session of the day") == (first, "the first session")
    assert chat.index.match_session("papers in the fifth session") == (
        "Session 5", "in the fifth session")
    # a day before "session", a date, a part of the day alone
    assert chat.index.match_session("orals in the Tuesday morning session") == (
        first, "in the Tuesday morning session")
    assert chat.index.match_session("papers in the Tuesday sessions") == (
        f"{first} or {second}", "in the Tuesday sessions")
    assert chat.index.match_session("papers on X presented on December 13th") == (
        third, "presented on December 13th")
    assert chat.index.match_session("papers on Wednesday, Dec 13 on X") == (
        third, "on Wednesday, Dec 13")
    assert chat.index.match_session("papers on X on Dec 15") == ("Dec 15", "on Dec 15")
    assert chat.index.match_session("papers on X in the morning sessions") == (
        f"{third} or {first}", "in the morning sessions")  # (sessions in name order)
    assert chat.index.match_session("papers on X presented in the afternoon") == (
        second, "in the afternoon")
    assert chat.index.match_session("papers on sleep in the morning") == ("", "")  # no talk of
    # presenting: words of the topic
    assert chat.index.match_session("orals in the morning of December 12") == (
        first, "in the morning of December 12")
    assert chat.index.match_session("papers in oral session 3A") == (third, "in oral session 3A")
    assert chat.index.match_session("papers in oral session 3B") == (
        "Oral Session 3B", "in oral session 3B")
    assert chat.index.match_session("Which papers are not being presented?") == ("", "")  # none
    assert chat.index.match_session("methods for tasks not presented during training") == (
        "", "")
    # a filter as the UI, CLI and API take it: stored, numbered, a day, a part of the name
    assert chat.index.session_filter(first) == first
    assert chat.index.session_filter("2") == second
    assert chat.index.session_filter("poster session 1 or Oral Session 3A") == f"{first} or {third}"
    assert chat.index.session_filter("tuesday") == f"{first} or {second}"
    assert chat.index.session_filter("Tuesday afternoon") == second
    assert chat.index.session_filter("dec 13") == third
    assert chat.index.session_filter("December 12") == f"{first} or {second}"
    assert chat.index.session_filter("afternoon") == second
    for value in ("8", "12", "Dec 1", "45"):  # a number or date no session has: none (the
        assert chat.index.session_filter(value) == "", value  # times held "8" and "45")
    assert chat.index.session_filter("session 9") == ""
    assert chat.index.session_filter("1 or Monday") == ""
    assert sorted(chat.index.facets("session")) == sorted(
        [("(none)", 1), *((s, 1) for s in (first, second, third))])
    chat.close()
