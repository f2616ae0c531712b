"""The Gradio chat UI: a thin adapter over :class:`rag.PaperChat`.

Built from a PaperChat object (no module globals). Each browser session has its own
conversation (gr.State). The one model generates for one request at a time: the ask event has
concurrency_limit=1, so Gradio's queue shows the others their place in line.
API names for gradio_client: ``/ask``, ``/search``, ``/ingest`` (JSON in, JSON out).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gradio as gr
import pandas as pd

from models.registry import REGISTRY
from rag.answer import Conversation, DoneEvent, PapersEvent, TokenEvent
from rag.errors import ConfigError, PaperChatError
from rag.pipeline import PaperChat
from rag.retrieval import Filters
from ui.render import link_citations, render_sources

__all__ = ["build_app", "check_bind", "serve"]

EXAMPLES = [
    "Which papers study zeroth-order methods?",
    "Summarize the papers on bilevel optimization with citations",
    "What did Kaiyi Ji work on?",
    "Which papers are about reinforcement learning?",
    "Which papers are similar to HO-SFL?",
    "How many papers are there?",
    "What topics are covered?",
]
LATEX: list[dict[str, str | bool]] = [{"left": "$$", "right": "$$", "display": True},
         {"left": "$", "right": "$", "display": False}]
# System fonts only: a Google-font theme would make the browser reach the network.
THEME = gr.themes.Soft(font=["ui-sans-serif", "system-ui", "sans-serif"],
                       font_mono=["ui-monospace", "monospace"])


def _filters(area: str | None, author: str, venue: str | None, year: str | None,
             status: str | None = "", affiliation: str = "", session: str | None = "") -> Filters:
    y = int(year) if year and str(year).strip().isdigit() else None
    return Filters(area or "", (author or "").strip(), venue or "", y, status=status or "",
                   affiliation=(affiliation or "").strip(), session=(session or "").strip())


def build_app(chat: PaperChat) -> gr.Blocks:
    s = chat.settings

    def facet_choices(column: str) -> list[str]:
        return [v for v, _ in chat.index.facets(column) if v != "(none)"]

    # ---- handlers --------------------------------------------------------------------------
    def respond(message: str, history: list[dict[str, Any]], conv: Conversation | None,
                area: str | None, author: str, venue: str | None, year: str | None,
                acceptance: str | None, affiliation: str, session: str | None, k: float,
                temperature: float, max_tokens: float,
                ) -> Iterator[tuple[list[dict[str, Any]], Conversation, str, str]]:
        conv = conv or Conversation()
        history = list(history or [])
        if not message or not message.strip():
            raise gr.Error("Type a question first.")
        history.append({"role": "user", "content": message})
        try:
            events = chat.ask_stream(message, conv, _filters(area, author, venue, year,
                                                             acceptance, affiliation, session),
                                     int(k), temperature=float(temperature),
                                     max_tokens=int(max_tokens))
            text = ""
            sources = ""
            for event in events:
                if isinstance(event, PapersEvent):
                    sources = render_sources([h.to_json() for h in event.hits])
                    status = (f"{event.count} paper(s) found in {event.retrieve_ms:.0f} ms"
                              + ("" if event.refused else "; writing the answer…"))
                    history.append({"role": "assistant", "content": f"*{status}*"})
                    yield history, conv, sources, status
                elif isinstance(event, TokenEvent):
                    text += ("\n" if text else "") + event.text
                    history[-1] = {"role": "assistant", "content": link_citations(text)}
                    yield history, conv, sources, "writing…"
                elif isinstance(event, DoneEvent):
                    a = event.answer
                    history[-1] = {"role": "assistant",
                                   "content": link_citations(a.answer, a.unsupported_sentences)}
                    cited = [int(c.marker.strip("[]")) for c in a.citations]
                    t = a.timings
                    status = (f"{a.count} paper(s) · retrieval {t.get('retrieve_ms', 0):.0f} ms"
                              f" · first token {t.get('first_token_ms', 0):.0f} ms"
                              f" · total {t.get('total_ms', 0) / 1000:.1f} s")
                    yield history, conv, render_sources(a.papers, cited), status
        except PaperChatError as err:
            raise gr.Error(str(err)) from None

    def choose_model(model: str) -> str:
        """The model is shared by every session: switching it is a global action."""
        if not model or model == chat.settings.llm.model:
            return ""
        try:
            chat.switch_model(model.strip())
        except PaperChatError as err:
            raise gr.Error(f"{err} (still using {chat.settings.llm.model})") from None
        return f"Model switched to `{model}` for all sessions."

    def new_chat() -> tuple[list[dict[str, Any]], Conversation, str, str]:
        return [], Conversation(), "", "New chat."

    def filter_choices() -> tuple[Any, ...]:
        sessions = chat.index.session_names()
        return (*(gr.Dropdown(choices=facet_choices(c)) for c in ("area", "venue", "year", "status")),
                gr.Dropdown(choices=sessions, visible=bool(sessions)))

    def upload(files: list[str] | None,
               progress: gr.Progress = gr.Progress(track_tqdm=True),  # noqa: B008 (gradio idiom)
               ) -> str:
        if not files:
            raise gr.Error("Choose a paper list file first.")
        try:
            report = chat.ingest([Path(f) for f in files], progress=True)
        except PaperChatError as err:
            raise gr.Error(str(err).replace(str(Path(files[0]).parent) + "/", "")) from None
        lines = [(f"**Ingested {len(files)} file(s):** {report.summary()}. "
                  f"The store now holds {chat.index.count()} papers.")]
        lines += [f"- skipped: {x}" for x in report.skipped[:20]]
        return "\n".join(lines)

    def refresh() -> tuple[Any, ...]:
        return (*overview_values(), *filter_choices())

    def overview_values() -> tuple[str, Any, Any, Any]:
        def frame(column: str) -> pd.DataFrame:
            counts: dict[str, int] = {}
            for value, n in chat.index.facets(column):
                key = value.split(" · ")[0] if column == "area" else value  # top-level areas
                counts[key] = counts.get(key, 0) + n
            rows = sorted(counts.items(), key=lambda kv: kv[0] if column == "year" else -kv[1])
            return pd.DataFrame({column: [k for k, _ in rows[:30]],
                                 "papers": [n for _, n in rows[:30]]})
        llm = s.llm
        summary = (
            f"### {chat.index.count()} papers\n\n"
            f"- **LLM:** `{llm.model}` via {llm.backend} (n_ctx {llm.n_ctx}, "
            f"GPU layers {llm.n_gpu_layers})\n"
            f"- **Embeddings:** `{s.embedding.model}` (ONNX, CPU)\n"
            f"- **Store:** Chroma `{s.store.mode}` + SQLite FTS5 in `{s.home}`\n"
            f"- **Network:** offline: hub downloads, Chroma and Gradio telemetry are off; "
            f"served on {s.ui.host}:{s.ui.port}")
        return summary, frame("area"), frame("venue"), frame("year")

    # ---- API endpoints (gradio_client) ---------------------------------------------------
    def api_ask(question: str, area: str = "", author: str = "", venue: str = "",
                year: str = "", k: float = 10, status: str = "",
                affiliation: str = "", session: str = "") -> dict[str, Any]:
        """Answer a question; returns the answer JSON (citations, papers, timings)."""
        try:
            a = chat.ask(question, None,
                         _filters(area, author, venue, year, status, affiliation, session), int(k))
        except PaperChatError as err:
            raise gr.Error(str(err)) from None
        return a.model_dump(exclude={"rejected_drafts"})

    def api_search(query: str, k: float = 10, area: str = "", author: str = "",
                   venue: str = "", year: str = "", status: str = "",
                   affiliation: str = "", session: str = "") -> list[dict[str, Any]]:
        """Hybrid search; one object per paper."""
        try:
            res = chat.search(query, int(k),
                              _filters(area, author, venue, year, status, affiliation, session))
        except PaperChatError as err:
            raise gr.Error(str(err)) from None
        return [h.to_json() for h in res.hits]

    def api_ingest(file: gr.FileData) -> dict[str, Any]:
        """Ingest one paper-list file (any supported format); returns the counts."""
        path = str(file["path"] if isinstance(file, dict) else getattr(file, "path", file))
        try:
            return chat.ingest([Path(path)], progress=False).to_json()
        except PaperChatError as err:
            raise gr.Error(str(err)) from None

    # ---- layout ----------------------------------------------------------------------------
    with gr.Blocks(title="PaperChat") as app:
        conv = gr.State(None)
        with gr.Sidebar(open=True):
            gr.Markdown("### Filters")
            area = gr.Dropdown(facet_choices("area"), label="Area", allow_custom_value=True,
                               value=None)
            venue = gr.Dropdown(facet_choices("venue"), label="Venue", allow_custom_value=True,
                                value=None)
            year = gr.Dropdown(facet_choices("year"), label="Year", allow_custom_value=True,
                               value=None)
            acceptance = gr.Dropdown(facet_choices("status"), label="Status (oral, spotlight)",
                                     allow_custom_value=True, value=None)
            author = gr.Textbox(label="Author (Bengio; Yoshua Bengio or Samy Bengio)")
            affiliation = gr.Textbox(label="Affiliation (MIT; MIT or Stanford; Stanford & Google)")
            held = chat.index.session_names()
            session = gr.Dropdown(held, label="Session (3; Wednesday)", allow_custom_value=True,
                                  value=None, visible=bool(held), elem_id="session")
            gr.Markdown("### Settings")
            k = gr.Slider(1, 50, value=s.retrieval.k, step=1, label="Papers (search depth)")
            temperature = gr.Slider(0.0, 1.5, value=s.llm.temperature, step=0.05,
                                    label="Temperature")
            max_tokens = gr.Slider(16, 1024, value=s.llm.max_tokens, step=16,
                                   label="Max tokens")
            model = gr.Dropdown([n for n, m in REGISTRY.items() if m.kind == "llm"],
                                value=s.llm.model, label="Model", allow_custom_value=True,
                                info="A registry alias or a path to a .gguf file")
            new = gr.Button("New chat", variant="secondary")
        with gr.Tabs():
            with gr.Tab("Chat", id="chat"), gr.Row():
                with gr.Column(scale=3):
                    chatbot = gr.Chatbot(label="PaperChat", height=560,
                                         latex_delimiters=LATEX, elem_id="chatbot",
                                         placeholder="Ask about the papers in the store.")
                    with gr.Row():
                        box = gr.Textbox(placeholder="Which papers study …?", scale=5,
                                         show_label=False, elem_id="question",
                                         submit_btn=True)
                    gr.Examples(EXAMPLES, inputs=box)
                    status = gr.Markdown("", elem_id="status")
                with gr.Column(scale=2):
                    gr.Markdown("### Sources")
                    sources = gr.Markdown("", latex_delimiters=LATEX, elem_id="sources",
                                          max_height=700)
            with gr.Tab("Upload", id="upload"):
                gr.Markdown("Add a paper list: plain list, search-results page, JSON, JSONL, CSV "
                            "or BEIR corpus.jsonl. Re-uploading the same file adds nothing.")
                files = gr.File(file_count="multiple", label="Paper list files",
                                elem_id="upload-files")
                ingest_btn = gr.Button("Ingest", variant="primary", elem_id="ingest")
                ingest_out = gr.Markdown(elem_id="ingest-result")
            with gr.Tab("Corpus", id="corpus"):
                overview = gr.Markdown(elem_id="overview")
                by_area = gr.BarPlot(x="area", y="papers", title="Papers per area (top level)",
                                     sort="-y", x_label_angle=-20, height=320, y_lim=[0, None],
                                     elem_id="plot-area")
                with gr.Row():
                    by_venue = gr.BarPlot(x="venue", y="papers", title="Papers per venue",
                                          sort="-y")
                    by_year = gr.BarPlot(x="year", y="papers", title="Papers per year", sort="x")
        ask_inputs = [box, chatbot, conv, area, author, venue, year, acceptance, affiliation,
                      session, k, temperature, max_tokens]
        box.submit(respond, ask_inputs, [chatbot, conv, sources, status], api_visibility="private",
                   concurrency_limit=1, concurrency_id="llm").then(lambda: "", None, box,
                                                                   api_visibility="private")
        model.change(choose_model, model, status, api_visibility="private",
                     concurrency_limit=1, concurrency_id="llm")
        new.click(new_chat, None, [chatbot, conv, sources, status], api_visibility="private")
        ingest_btn.click(upload, files, ingest_out, api_visibility="private", concurrency_limit=1,
                         concurrency_id="ingest").success(
            refresh, None, [overview, by_area, by_venue, by_year, area, venue, year, acceptance,
                            session],
            api_visibility="private")
        app.load(overview_values, None, [overview, by_area, by_venue, by_year],
                 api_visibility="private")
        gr.api(api_ask, api_name="ask", concurrency_limit=1, concurrency_id="llm")
        gr.api(api_search, api_name="search")
        gr.api(api_ingest, api_name="ingest", concurrency_limit=1, concurrency_id="ingest")
    return app


def check_bind(host: str, auth: str) -> tuple[str, str] | None:
    """Loopback needs nothing; any other address needs 'user:password' credentials."""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if auth:
        user, sep, password = auth.partition(":")
        if not sep or not user or not password:
            raise ConfigError("ui.auth must be 'user:password'")
        return user, password
    if not loopback:
        raise ConfigError(f"binding to {host} exposes PaperChat to the network: set credentials "
                          "with PAPERCHAT_UI__AUTH=user:password (or ui.auth in a preset)")
    return None


def serve(chat: PaperChat, *, host: str, port: int, auth: str = "",
          prevent_thread_lock: bool = False) -> gr.Blocks:
    credentials = check_bind(host, auth)
    chat.settings.ui.host, chat.settings.ui.port = host, port
    chat.ensure_demo()
    app = build_app(chat)
    app.queue(default_concurrency_limit=4)
    app.launch(server_name=host, server_port=port, auth=credentials, share=False,
               theme=THEME, ssr_mode=False, footer_links=["api"], quiet=False, show_error=True,
               prevent_thread_lock=prevent_thread_lock)
    return app
