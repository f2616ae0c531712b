"""The real default GGUF on the seed corpus: decoding works, citations are valid, refusals hold.

Marked ``llm``: each test loads SmolLM2-135M (98 MB) once per session.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from rag import PaperChat
from rag.answer import Conversation, DoneEvent, PapersEvent, TokenEvent
from rag.citations import parse_markers
from rag.prompts import CANNOT_ANSWER_PHRASE

pytestmark = pytest.mark.llm

QUESTIONS = [
    "Which papers study zeroth-order methods?",
    "Summarize the papers on bilevel optimization, with citations",
    "What did Kaiyi Ji work on?",
    "Which papers are about reinforcement learning?",
    "Explain how backdoor attacks are learned by neural networks",
    "Which papers compress large language models?",
    "What is known about minimax optimization?",
    "Which papers use diffusion models?",
    "Summarize work on neural operators",
    "Which papers study sycophancy in language models?",
    "Papers on quantum algorithms",
    "What do the abstracts say about Nash equilibria?",
    "Which papers study machine unlearning?",
]
OFF_TOPIC = ["protein structure prediction", "How do I bake sourdough bread?",
             "Which papers study coral reef ecology?"]


def test_real_decode_in_a_subprocess() -> None:
    """llama.cpp built with the wrong flags crashes at the first decode, not at load."""
    code = (
        "from rag import get_settings\nfrom models.llm import load_llm\n"
        "llm = load_llm(get_settings())\n"
        "out = ''.join(llm.stream_chat([{'role': 'user', 'content': 'Say hello.'}],"
        " max_tokens=8, temperature=0.0))\nprint('DECODED', len(out))\n")
    proc = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, f"decode crashed (rc={proc.returncode}): {proc.stderr[-2000:]}"
    assert "DECODED" in proc.stdout and int(proc.stdout.split()[-1]) > 0


@pytest.fixture(scope="module")
def real_chat(seed_chat: PaperChat) -> PaperChat:
    seed_chat._llm = None  # the real default model, loaded on first use
    seed_chat.settings.llm.model = "smollm2-135m"
    return seed_chat


def test_citations_are_valid_over_many_questions(real_chat: PaperChat) -> None:
    total_markers = 0
    for q in QUESTIONS:
        a = real_chat.ask(q)
        retrieved = [p["paper_id"] for p in a.papers]
        assert not a.refused, q
        for c in a.citations:
            n = int(c.marker.strip("[]"))
            assert 1 <= n <= len(retrieved) and c.paper_id in retrieved, (q, c)
        for n in parse_markers(a.answer):
            total_markers += 1
            assert 1 <= n <= len(retrieved), (q, a.answer)
        assert a.citations, q
    assert total_markers >= len(QUESTIONS)


def test_zeroth_order_question_lists_and_cites_both(real_chat: PaperChat) -> None:
    zo = {p.paper_id for p in real_chat.index.all_papers() if "zeroth-order" in p.abstract.lower()}
    assert len(zo) == 2
    a = real_chat.ask("Which papers study zeroth-order methods?")
    assert {p["paper_id"] for p in a.papers} == zo
    assert {c.paper_id for c in a.citations} == zo


@pytest.mark.parametrize("question", OFF_TOPIC)
def test_off_topic_questions_are_refused(real_chat: PaperChat, question: str) -> None:
    a = real_chat.ask(question)
    assert a.refused and a.answer.startswith(CANNOT_ANSWER_PHRASE) and not a.citations


def test_stream_order_and_timings(real_chat: PaperChat) -> None:
    events = list(real_chat.ask_stream("Summarize the papers on bilevel optimization"))
    assert isinstance(events[0], PapersEvent) and events[0].count == 2
    assert any(isinstance(e, TokenEvent) for e in events[1:-1])
    done = events[-1]
    assert isinstance(done, DoneEvent)
    t = done.answer.timings
    assert 0 < t["retrieve_ms"] < t["first_token_ms"] <= t["total_ms"]
    assert t["completion_tokens"] > 0 and t["prompt_tokens"] > 0
    print(f"\nretrieve {t['retrieve_ms']} ms, first token {t['first_token_ms']} ms, "
          f"total {t['total_ms']} ms, {t['tokens_per_s']} tok/s")


def test_follow_up_narrows_with_real_model(real_chat: PaperChat) -> None:
    conv = Conversation()
    first = real_chat.ask("Which papers are about optimization?", conv)
    second = real_chat.ask("Of those, which study zeroth-order methods?", conv)
    assert {p["paper_id"] for p in second.papers} <= {p["paper_id"] for p in first.papers}
    assert second.count == 2
