"""Tests for rag.parsers: the six input formats, detection, skipped records and derived labels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rag.errors import InputError, ParseError
from rag.parsers import FORMATS, derive_label, detect_format, parse_file
from rag.types import content_hash

DEMO = Path(__file__).resolve().parents[1] / "rag" / "data" / "demo"
PAPERLIST = DEMO / "000_a83adffe95e42aab.txt"
SEARCH = DEMO / "003_f0567a6144a8a79e.txt"
SHARED = Path(__file__).resolve().parents[2] / "shared"

ABSTRACT = ("We propose FooNet (FN), a method that does useful things on many benchmarks. "
            "It works well and is simple to implement in practice.")


# ----------------------------------------------------------------------------- seeds


def test_paperlist_seed() -> None:
    result = parse_file(PAPERLIST)
    assert result.format == "paperlist"
    assert len(result.papers) == 9 and result.skipped == []
    first = result.papers[0]
    assert first.abstract.startswith("Backdoor attacks implant a trigger-target association")
    assert first.abstract.endswith("standard image classification benchmarks.")
    assert all(p.title == "" and p.authors == [] for p in result.papers)
    assert {(p.venue, p.year) for p in result.papers} == {("NeurIPS", 2026)}
    assert all(p.source == str(PAPERLIST) for p in result.papers)


def test_search_results_seed() -> None:
    result = parse_file(SEARCH)
    assert result.format == "search-results"
    assert len(result.papers) == 20 and result.skipped == []
    first = result.papers[0]
    assert first.authors == ["Kaiyi Ji"]
    assert first.area == "Optimization · Non-Convex"
    assert first.abstract.startswith("Although upper bound guarantees for bilevel optimization")
    assert first.venue == "" and first.year is None  # "论文检索" is no venue
    # Three records have no area line; they keep their authors.
    no_area = [p for p in result.papers if p.area == ""]
    assert [p.authors[0] for p in no_area] == ["Thai Khanh Nguyen", "Fahim Tajwar", "Tuan Dam"]
    assert no_area[2].authors == ["Tuan Dam"]
    assert no_area[0].abstract.startswith("State-space models (SSMs)")
    zs = next(p for p in result.papers if "ZS-SVD" in p.abstract)
    assert zs.authors == ["Ali Abbasi", "Chayne Thrash", "Haoran Qin", "Shansita Sharma",
                          "Sepehr Seifi", "Soheil Kolouri"]
    assert result.papers[-1].authors[:2] == ["Li", "Yaming Guo"]
    assert result.papers[-1].area == "Deep Learning · Large Language Models"
    # No author or area line leaked into an abstract.
    assert all(" · " not in p.abstract[:80] and len(p.abstract) > 300 for p in result.papers)


@pytest.mark.parametrize(("path", "fmt"), [(PAPERLIST, "paperlist"), (SEARCH, "search-results")])
def test_seed_detection(path: Path, fmt: str) -> None:
    assert detect_format(path, path.read_text(encoding="utf-8")) == fmt


def test_seed_ids_stable_and_unique(tmp_path: Path) -> None:
    first = [p.paper_id for f in (PAPERLIST, SEARCH) for p in parse_file(f).papers]
    again = [p.paper_id for f in (PAPERLIST, SEARCH) for p in parse_file(f).papers]
    assert first == again
    assert len(set(first)) == 29
    assert all(i.startswith("h-") and len(i) == 18 for i in first)
    # The id depends on the abstract only, not on the file it came from.
    copy = tmp_path / "copy.txt"
    copy.write_bytes(PAPERLIST.read_bytes())
    assert [p.paper_id for p in parse_file(copy).papers] == first[:9]


def test_demo_files_match_shared_seeds() -> None:
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("shared/seeds not present")
    for demo in (PAPERLIST, SEARCH):
        assert demo.read_bytes() == (seeds / demo.name).read_bytes()


# ----------------------------------------------------------------------------- structured formats


def test_jsonl_round_trip_and_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    good = {"id": "p1", "title": "FooNet: A Title", "authors": "Ann Lee; Bob Ray",
            "abstract": "  " + ABSTRACT + "<br/> ", "keywords": ["a", "b"],
            "primary_area": "Theory", "conference": "COLT", "year": "2024",
            "url": "https://x.org/p1", "tldr": "Short."}
    lines = [json.dumps(good), "{not json", "",
             json.dumps({"id": "p2", "title": "Empty", "abstract": "  "}),
             json.dumps({"title": "No id", "summary": "A summary text. " * 5,
                         "authors": [{"name": "C D"}]})]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert result.format == "jsonl"
    assert result.papers[0].paper_id == "p1"
    p1 = result.papers[0]
    assert p1.title == p1.label == "FooNet: A Title"
    assert p1.abstract == ABSTRACT
    assert p1.authors == ["Ann Lee", "Bob Ray"] and p1.keywords == ["a", "b"]
    assert (p1.area, p1.venue, p1.year, p1.url, p1.tldr) == (
        "Theory", "COLT", 2024, "https://x.org/p1", "Short.")
    third = result.papers[1]
    assert third.paper_id.startswith("h-") and third.abstract.startswith("A summary text.")
    assert third.authors == ["C D"]
    assert [(e.record, e.path) for e in result.skipped] == [(2, str(path)), (4, str(path))]
    assert "invalid JSON" in str(result.skipped[0]) and "papers.jsonl" in str(result.skipped[0])
    assert "record 4" in str(result.skipped[1]) and "no abstract" in str(result.skipped[1])
    assert all(isinstance(e, ParseError) for e in result.skipped)


def test_json_array(tmp_path: Path) -> None:
    path = tmp_path / "papers.json"
    records = [{"id": 7, "title": "T1", "abstract": ABSTRACT, "authors": ["A B", "C D"],
                "venue": "UAI", "year": 2023, "keywords": "x, y"},
               {"id": 8, "title": "T2", "text": ""},
               "not an object",
               {"abstract": "Second abstract about graphs. " * 3}]
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    result = parse_file(path)
    assert result.format == "json"
    assert result.papers[0].paper_id == "7"
    assert result.papers[0].venue == "UAI" and result.papers[0].keywords == ["x", "y"]
    assert result.papers[1].label == "Second abstract about graphs"
    assert [e.record for e in result.skipped] == [2, 3]
    assert "expected an object" in result.skipped[1].reason


def test_json_broken_file_raises(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('[\n {"id": 1,\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"broken\.json: invalid JSON at line"):
        parse_file(path)


def test_csv_aliases_and_bom(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    rows = ['Paper ID,Title,Authors,Abstract,Primary Area,Year',
            f'x1,"FooNet, revisited","Ann Lee, Bob Ray","{ABSTRACT}",Theory,2025',
            'x2,Empty,Nobody,,Theory,2025',
            f'x3,,"Zed Q","{ABSTRACT.replace("FooNet (FN)", "BarNet")}",,']
    path.write_bytes(("\ufeff" + "\r\n".join(rows) + "\r\n").encode("utf-8"))
    result = parse_file(path)
    assert result.format == "csv"
    assert [p.paper_id for p in result.papers] == ["x1", "x3"]
    x1 = result.papers[0]
    assert (x1.title, x1.authors, x1.area, x1.year) == (
        "FooNet, revisited", ["Ann Lee", "Bob Ray"], "Theory", 2025)
    assert result.papers[1].label == "BarNet" and result.papers[1].year is None
    assert [(e.record, e.reason) for e in result.skipped] == [(3, "no abstract text")]


def test_beir(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    lines = [{"_id": "4983", "title": "Brain MRI", "text": ABSTRACT, "metadata": {}},
             {"_id": "12", "title": "", "text": "Cells divide when told to divide. " * 3}]
    path.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    result = parse_file(path)
    assert result.format == "beir"
    assert [p.paper_id for p in result.papers] == ["4983", "12"]
    assert result.papers[0].label == "Brain MRI"
    assert result.papers[1].label == "Cells divide when told to divide"


def test_duplicate_ids_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "dup.jsonl"
    path.write_text("\n".join(json.dumps({"abstract": ABSTRACT}) for _ in range(2)),
                    encoding="utf-8")
    result = parse_file(path)
    assert len(result.papers) == 1
    assert len(result.skipped) == 1 and "duplicate" in result.skipped[0].reason


# ----------------------------------------------------------------------------- detection & errors


def test_detection_by_content_not_extension(tmp_path: Path) -> None:
    path = tmp_path / "looks_like_text.txt"
    path.write_text(json.dumps({"id": "a", "abstract": ABSTRACT}) + "\n", encoding="utf-8")
    assert parse_file(path).format == "jsonl"
    csv_txt = tmp_path / "table.txt"
    csv_txt.write_text(f'title\tabstract\nT\t{ABSTRACT}\n', encoding="utf-8")
    assert parse_file(csv_txt).format == "csv"


def test_undetectable_and_unreadable_files(tmp_path: Path) -> None:
    odd = tmp_path / "mystery.dat"
    odd.write_text("x=1\ny=2\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"mystery\.dat: cannot tell the format.*--format"):
        parse_file(odd)
    empty = tmp_path / "empty.txt"
    empty.write_text(" \n\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"empty\.txt: file is empty"):
        parse_file(empty)
    with pytest.raises(InputError, match=r"missing\.jsonl: cannot read"):
        parse_file(tmp_path / "missing.jsonl")
    binary = tmp_path / "latin1.txt"
    binary.write_bytes("caf\xe9 r\xe9sum\xe9".encode("latin-1"))
    with pytest.raises(InputError, match=r"latin1\.txt: not UTF-8"):
        parse_file(binary)
    readme = tmp_path / "README.md"
    readme.write_text("# Demo\n\n" + ABSTRACT + "\n\n- item one\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"README\.md: cannot tell the format"):
        parse_file(readme)
    with pytest.raises(InputError, match=r"README\.md: cannot tell the format"):
        parse_file(DEMO / "README.md")
    toml = tmp_path / "settings.toml"
    toml.write_text('[tool]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"settings\.toml: cannot tell the format"):
        parse_file(toml)
    with pytest.raises(InputError, match="unknown format 'xml'"):
        parse_file(PAPERLIST, fmt="xml")


def test_forced_format(tmp_path: Path) -> None:
    result = parse_file(SEARCH, fmt="paperlist")
    assert result.format == "paperlist"
    assert len(result.papers) == 20  # area/author lines are too short to be abstracts
    assert len(result.skipped) == 37 and all(isinstance(e.record, int) for e in result.skipped)
    assert set(FORMATS) == {"paperlist", "search-results", "jsonl", "json", "csv", "beir"}


def test_search_results_author_without_abstract(tmp_path: Path) -> None:
    path = tmp_path / "results.txt"
    path.write_text("Results\n\nTheory · Optimization\n\nAnn Lee, Bob Ray\n\n"
                    "Theory · Game Theory\n\nCara Diaz\n\n" + ABSTRACT + "\n", encoding="utf-8")
    result = parse_file(path)
    assert result.format == "search-results"
    assert len(result.papers) == 1
    assert result.papers[0].authors == ["Cara Diaz"]
    assert result.papers[0].area == "Theory · Game Theory"
    assert [(e.record, e.reason) for e in result.skipped] == [
        (5, "author line without an abstract after it")]


def test_search_results_without_header(tmp_path: Path) -> None:
    for first in ("Theory · Optimization\n\nAnn Lee, Bob Ray\n", "Ann Lee, Bob Ray\n"):
        path = tmp_path / "results.txt"
        other = ABSTRACT.replace("FooNet", "BarNet")
        path.write_text(f"{first}{ABSTRACT}\n\nCara Diaz\n{other}\n", encoding="utf-8")
        result = parse_file(path)
        assert result.format == "search-results"
        assert [p.authors for p in result.papers] == [["Ann Lee", "Bob Ray"], ["Cara Diaz"]]
        assert result.papers[0].area == ("Theory · Optimization" if "·" in first else "")
        assert result.skipped == []


# ----------------------------------------------------------------------------- real datasets


@pytest.mark.parametrize(("rel", "count"), [
    ("datasets/neurips2023-abstracts/neurips2023.jsonl", 3584),
    ("datasets/paperlists-ml-2023-2025/papers.jsonl", 3902),
])
def test_real_datasets(rel: str, count: int) -> None:
    path = SHARED / rel
    if not path.is_file():
        pytest.skip(f"{path} not present")
    result = parse_file(path)
    assert result.format == "jsonl"
    assert len(result.papers) == count and result.skipped == []
    assert all(p.abstract and p.title and p.label == p.title for p in result.papers)
    assert len({p.paper_id for p in result.papers}) == count
    assert all(p.venue and p.year and 2023 <= p.year <= 2025 for p in result.papers)


def test_real_beir_corpus() -> None:
    path = SHARED / "datasets/scifact-train/corpus.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} not present")
    result = parse_file(path)
    assert result.format == "beir"
    assert len(result.papers) + len(result.skipped) == 5183
    assert len(result.papers) > 5000
    assert result.papers[0].paper_id == "4983"


# ----------------------------------------------------------------------------- derive_label


@pytest.mark.parametrize(("marker", "label"), [
    ("SVD-based compression", "ZS-SVD"),         # **Zero Sum SVD** (**ZS-SVD**)
    ("neural operator learning", "CoEvol-NO"),    # "CoEvol-NO introduces ..."
    ("Binary Neural Networks", "SURGE"),          # SURrogate GradiEnt Adaptation (SURGE)
    ("Offline black-box optimization", "SPADE"),  # \textbf{SPADE} (\textbf{S}upport-...)
    ("State-space models", "MuonSSM"),            # "We introduce MuonSSM, a ..."
    ("Maximum likelihood is fundamental", "MaxRL"),
    ("edge devices", "HO-SFL"),                   # *Hybrid-Order Split Federated Learning* (HO-SFL)
    ("machine unlearning", "VRU"),
    ("(called", "Think-Touch"),
    ("Personalized Multimodal", "GeoEvo"),
])
def test_derive_label_method_names(marker: str, label: str) -> None:
    abstracts = [p.abstract for p in parse_file(SEARCH).papers if marker in p.abstract]
    assert len(abstracts) == 1
    assert derive_label(abstracts[0]) == label


def test_derive_label_paperlist_seed() -> None:
    labels = [p.label for p in parse_file(PAPERLIST).papers]
    assert labels[5] == "GETO-LP"
    assert labels[7] == "CB-PbRL"
    assert labels[8] == "\u03b3-weakly \u03b8-up-concavity"  # gamma, theta
    # No method name: the opening clause, not a borrowed acronym such as DQN, SGD or QFIM.
    assert labels[0] == "Backdoor attacks implant a trigger-target association into a model"
    assert labels[1].startswith("Deep Q-Networks (DQNs) approximate value iteration")
    assert labels[2].endswith("…") and len(labels[2]) <= 81


def test_derive_label_fallbacks() -> None:
    long = ("Planning with a generative model aims to estimate state values using minimal "
            "oracle calls in many settings. Second sentence.")
    label = derive_label(long)
    assert label.endswith("…") and len(label) <= 81 and not label[:-1].endswith(" ")
    assert derive_label("We introduce, to our knowledge, the first method for X. More.") == (
        "We introduce the first method for X")
    assert derive_label("We train a ResNet-18 with SGD and ReLU. It works.") == (
        "We train a ResNet-18 with SGD and ReLU")
    assert derive_label("We propose SVD-based pruning. It works.") == "We propose SVD-based pruning"
    for text in ("", "   ", "$x$", "**", "Short."):
        assert derive_label(text).strip() != ""


def test_all_seed_labels_are_short_and_clean() -> None:
    for path in (PAPERLIST, SEARCH):
        for paper in parse_file(path).papers:
            assert paper.label and len(paper.label) <= 81
            assert not any(c in paper.label for c in "*{}$\\")


def test_json_object_forms(tmp_path: Path) -> None:
    single = tmp_path / "one.json"
    single.write_text(json.dumps({"id": "s1", "abstract": ABSTRACT}, indent=2), encoding="utf-8")
    assert [p.paper_id for p in parse_file(single).papers] == ["s1"]
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"papers": [{"id": "w1", "abstract": ABSTRACT}]}, indent=1),
                       encoding="utf-8")
    result = parse_file(wrapped)
    assert result.format == "json" and [p.paper_id for p in result.papers] == ["w1"]


def test_status_and_affiliations_are_read_parallel_to_the_authors(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "abstract": "A.", "authors": ["X", "Y", "Z"], "status": "Oral",
         "affiliations": ["MIT", "", "Google"]},
        {"id": "b", "abstract": "B.", "authors": ["X"], "decision": "Accept (spotlight)",
         "affiliations": ["", ""]},
        {"id": "c", "abstract": "C.", "authors": "X; Y", "affiliation": "ETH Zürich; EPFL"},
    ]), encoding="utf-8")
    papers = {p.paper_id: p for p in parse_file(path).papers}
    assert (papers["a"].status, papers["a"].affiliations) == ("Oral", ["MIT", "", "Google"])
    assert (papers["b"].status, papers["b"].affiliations) == ("Accept (spotlight)", [])
    assert papers["c"].affiliations == ["ETH Zürich", "EPFL"]
    assert papers["a"].fingerprint() != papers["a"].model_copy(update={"status": ""}).fingerprint()


def test_a_presentation_session_is_read_and_changes_the_fingerprint_only_where_given(
        tmp_path: Path) -> None:
    """The ``session`` field (NeurIPS schedules: "Poster Session 3: Wednesday, ...") is kept; a
    paper without one keeps the fingerprint it had before sessions were read (no store
    rewrites its rows)."""
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"id": "a", "abstract": "A.", "session": " Poster Session 3: Wednesday, Dec 13, 08:45 CT "},
        {"id": "b", "abstract": "B."}]), encoding="utf-8")
    papers = {p.paper_id: p for p in parse_file(path).papers}
    assert papers["a"].session == "Poster Session 3: Wednesday, Dec 13, 08:45 CT"
    assert papers["b"].session == ""
    assert papers["a"].fingerprint() != papers["a"].model_copy(update={"session": ""}).fingerprint()
    b = papers["b"]
    assert b.fingerprint() == content_hash(
        b.title, b.label, b.abstract, "", "", "", "", "", "", "", "", "")  # as before sessions
