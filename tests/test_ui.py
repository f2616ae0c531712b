"""The Gradio UI, served on loopback and driven by headless Chromium (Playwright) and by
gradio_client. Screenshots land in artifacts/ for a person to look at."""

from __future__ import annotations

import json
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag import PaperChat, get_settings
from rag.citations import parse_markers

pytestmark = [pytest.mark.browser, pytest.mark.llm]

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> Iterator[tuple[str, PaperChat]]:  # type: ignore[no-untyped-def]
    from ui.app import serve

    home = tmp_path_factory.mktemp("ui-home")
    chat = PaperChat(get_settings(home=home), embedder=real_embedder)
    port = _free_port()
    app = serve(chat, host="127.0.0.1", port=port, prevent_thread_lock=True)
    assert chat.index.count() == 29  # the demo corpus, ingested on first start
    yield f"http://127.0.0.1:{port}/", chat
    app.close()
    chat.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _ask(page, question: str) -> None:  # type: ignore[no-untyped-def]
    """Send a question and wait for this answer's final status line."""
    before = page.inner_text("#status")
    page.fill("#question textarea", question)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([before]) => { const s = document.querySelector('#status').innerText;"
        " const box = document.querySelector('#question textarea').value;"
        " return box === '' && s !== before && s.includes('total') && "
        " !document.querySelector('#chatbot .pending, #status .pending'); }",
        arg=[before], timeout=240_000)
    page.wait_for_timeout(500)  # let the last render settle


def test_chat_shows_answer_citations_and_rendered_sources(server, browser) -> None:  # type: ignore[no-untyped-def]
    url, _ = server
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
        (url.rstrip("/"), "data:", "blob:")) else None)
    page.goto(url)
    page.wait_for_selector("#question textarea", timeout=60_000)
    _ask(page, "Which papers study zeroth-order methods?")
    answer = page.inner_text("#chatbot")
    assert "2 papers" in answer and "[1]" in answer and "[2]" in answer
    sources = page.inner_text("#sources")
    assert "SZO" in sources and "HO-SFL" in sources and "cited" in sources
    # LaTeX in abstracts is rendered by KaTeX, not shown as raw $...$
    _ask(page, "What did Kaiyi Ji work on?")
    page.wait_for_selector("#sources .katex", timeout=30_000)
    assert "\\Omega" not in page.inner_text("#sources")
    assert page.locator("#sources mark").count() >= 1  # evidence highlighted
    # the session's conversation reaches the answerer: "what about X?" is the last question on X
    _ask(page, "What about bilevel optimization?")
    assert ("1 paper by Kaiyi Ji in the indexed abstracts matches \u201cbilevel optimization\u201d"
            in page.inner_text("#chatbot"))
    page.screenshot(path=str(ARTIFACTS / "ui-chat.png"), full_page=True)
    assert outside == [], f"the page reached outside loopback: {outside[:5]}"
    page.close()


def test_upload_then_find_and_overview(server, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url, chat = server
    upload = tmp_path / "new_papers.jsonl"
    upload.write_text(json.dumps({
        "id": "upl-1", "title": "Quantum Gravity Lattices for Sparse Photosynthesis Models",
        "authors": ["Ada Tester"], "abstract": "We model photosynthesis in quantum gravity "
        "lattices and show sparse photosynthesis models converge.", "conference": "TestConf",
        "year": 2031, "session": "Poster Session 7: Friday, Dec 15, 10:45 CT"}) + "\n")
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url)
    assert not page.locator("#session").is_visible()  # the demo papers give no sessions
    page.get_by_role("tab", name="Upload").click()
    page.set_input_files("#upload-files input[type=file]", str(upload))
    page.click("#ingest")
    page.wait_for_function("document.querySelector('#ingest-result') && "
                           "document.querySelector('#ingest-result').innerText.includes('added 1')",
                           timeout=120_000)
    page.screenshot(path=str(ARTIFACTS / "ui-upload.png"), full_page=True)
    assert chat.search("photosynthesis quantum gravity", k=1).hits[0].paper.paper_id == "upl-1"
    page.locator("#session").wait_for(state="visible", timeout=30_000)  # a filter now
    page.get_by_role("tab", name="Corpus").click()
    page.wait_for_function("document.querySelector('#overview').innerText.includes('30 papers')",
                           timeout=30_000)
    assert "offline" in page.inner_text("#overview")
    page.wait_for_selector("#plot-area canvas, #plot-area svg", timeout=30_000)
    page.wait_for_timeout(1000)
    page.screenshot(path=str(ARTIFACTS / "ui-corpus.png"), full_page=True)
    page.close()


def test_two_sessions_both_get_answers(server, browser) -> None:  # type: ignore[no-untyped-def]
    url, _ = server
    pages = [browser.new_page() for _ in range(2)]
    for page in pages:
        page.goto(url)
        page.wait_for_selector("#question textarea", timeout=60_000)
    questions = ["Which papers study zeroth-order methods?",
                 "Summarize the papers on bilevel optimization with citations"]
    for page, q in zip(pages, questions):
        page.fill("#question textarea", q)
        page.keyboard.press("Enter")
    for page in pages:
        page.wait_for_function(
            "document.querySelector('#status').innerText.includes('total') && "
            "document.querySelector('#question textarea').value === ''", timeout=300_000)
    texts = [page.inner_text("#chatbot") for page in pages]
    assert "zeroth" in texts[0].lower() and "[1]" in texts[0]
    assert "bilevel" in texts[1].lower() and "[1]" in texts[1]
    # each session keeps its own history
    assert "bilevel" not in texts[0].split("zeroth-order methods?")[0].lower()
    for page in pages:
        page.close()


def test_gradio_client_ask_search_ingest(server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gradio_client import Client, handle_file

    url, _ = server
    client = Client(url, verbose=False)
    a = client.predict("Which papers study zeroth-order methods?", api_name="/ask")
    ids = [p["paper_id"] for p in a["papers"]]
    assert a["citations"] and all(c["paper_id"] in ids for c in a["citations"])
    for n in parse_markers(a["answer"]):
        assert 1 <= n <= len(ids)
    hits = client.predict("bilevel optimization", 3, api_name="/search")
    assert len(hits) == 3 and "bilevel" in hits[0]["abstract"].lower()
    f = tmp_path / "one.jsonl"
    f.write_text(json.dumps({"id": "cli-1", "title": "A client-ingested paper",
                             "abstract": "Ingested through gradio_client for testing purposes.",
                             "authors": ["Ann Lee"], "affiliations": ["MIT"], "status": "Oral",
                             "session": "Poster Session 2: Tuesday, Dec 12, 15:15 CT"}))
    report = client.predict(handle_file(str(f)), api_name="/ingest")
    assert report["added"] == 1
    # the status and affiliation filters, by name
    hits = client.predict(query="gradio client testing", k=5, status="Oral", api_name="/search")
    assert [h["paper_id"] for h in hits] == ["cli-1"] and hits[0]["affiliations"] == ["MIT"]
    a = client.predict(question="Which papers study zeroth-order methods?",
                       affiliation="Massachusetts Institute of Technology", api_name="/ask")
    assert a["refused"] and a["answer"].startswith("Affiliations are given for 1 of the ")
    # the session filter, by number or day; one no paper is in is an error naming those there are
    for session in ("2", "tuesday"):
        hits = client.predict(query="client testing", k=5, session=session, api_name="/search")
        assert [h["paper_id"] for h in hits] == ["cli-1"], session
        assert hits[0]["session"] == "Poster Session 2: Tuesday, Dec 12, 15:15 CT"
    with pytest.raises(Exception, match="no presentation session matches .Monday.; the sessions"):
        client.predict(question="Which papers study testing?", session="Monday", api_name="/ask")


def test_non_loopback_needs_credentials() -> None:
    from rag.errors import ConfigError
    from ui.app import check_bind

    assert check_bind("127.0.0.1", "") is None
    with pytest.raises(ConfigError, match="PAPERCHAT_UI__AUTH"):
        check_bind("0.0.0.0", "")
    assert check_bind("0.0.0.0", "me:secret") == ("me", "secret")
    with pytest.raises(ConfigError):
        check_bind("0.0.0.0", "nocolon")


def test_errors_show_as_messages_not_tracebacks(server, browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    url, chat = server
    bad = tmp_path / "garbage.txt"
    bad.write_bytes(b"\x00\x01\x02 binary junk \xff\xfe")
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url)
    page.get_by_role("tab", name="Upload").click()
    page.set_input_files("#upload-files input[type=file]", str(bad))
    page.click("#ingest")
    toast = page.get_by_text(re.compile(r"garbage\.txt"))
    toast.first.wait_for(timeout=60_000)
    body = page.inner_text("body")
    assert "Traceback" not in body
    page.get_by_role("tab", name="Chat").click()
    model = page.get_by_label("Model")
    model.fill("/nonexistent/model.gguf")
    model.press("Enter")
    page.fill("#question textarea", "Which papers study zeroth-order methods?")
    page.keyboard.press("Enter")
    page.get_by_text(re.compile(r"no model at /nonexistent/model\.gguf")).first.wait_for(
        timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "ui-error.png"), full_page=True)
    assert "Traceback" not in page.inner_text("body")
    assert chat.settings.llm.model == "smollm2-135m"  # a bad choice does not switch the model
    page.close()


NEURIPS = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "neurips2023-abstracts" \
    / "neurips2023.jsonl"


@pytest.mark.slow
@pytest.mark.timeout(2400)
@pytest.mark.skipif(not NEURIPS.exists(), reason="../shared/datasets not present")
def test_upload_neurips_with_progress_then_search(server, browser) -> None:  # type: ignore[no-untyped-def]
    url, chat = server
    before = chat.index.count()
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url)
    page.get_by_role("tab", name="Upload").click()
    page.set_input_files("#upload-files input[type=file]", str(NEURIPS))
    page.click("#ingest")
    page.get_by_text(re.compile(r"embedding")).first.wait_for(timeout=120_000)  # progress shown
    page.screenshot(path=str(ARTIFACTS / "ui-upload-progress.png"), full_page=True)
    page.wait_for_function("document.querySelector('#ingest-result') && "
                           "document.querySelector('#ingest-result').innerText.includes('added 3584')",
                           timeout=1_500_000)
    assert chat.index.count() == before + 3584
    page.get_by_role("tab", name="Chat").click()
    _ask(page, "Which papers study zeroth-order methods?")
    answer = page.inner_text("#chatbot")
    titles = [p.title for p in chat.index.all_papers() if "zeroth-order" in p.title.lower()]
    assert titles and any(t[:40] in answer for t in titles)
    page.screenshot(path=str(ARTIFACTS / "ui-neurips-answer.png"), full_page=True)
    page.close()
