"""Citation parsing, validation, grounding and grammar: one line each."""

from __future__ import annotations

import pytest

from rag.citations import (
    citation_grammar,
    grounding,
    invents_facts,
    is_degenerate,
    parse_markers,
    sentence_grammar,
    validate,
)


@pytest.mark.parametrize(("text", "nums"), [
    ("A [1].", [1]), ("A [1][2].", [1, 2]), ("A [1, 3].", [1, 3]), ("A [2; 4]", [2, 4]),
    ("no markers", []), ("[10] and [ 2 ]", [10, 2]), ("x [a] [1b]", []),
])
def test_parse_markers(text: str, nums: list[int]) -> None:
    assert parse_markers(text) == nums


def test_validate_keeps_valid_markers() -> None:
    v = validate("SZO uses subspaces [2]. HO-SFL splits models [1].", 2)
    assert v.cited == [2, 1] and v.invalid == [] and v.unsupported == []


def test_validate_removes_invented_numbers() -> None:
    v = validate("It works [1]. It also works [7]. And [3, 1].", 3)
    assert "[7]" not in v.text and v.invalid == ["[7]"]
    assert v.cited == [1, 3]


def test_validate_reports_marker_spam_as_removed() -> None:
    v = validate("[1] - [2] - [3] - [40]", 2)
    assert v.invalid == ["[3]", "[40]"] and set(v.cited) == {1, 2}


def test_validate_flags_uncited_sentences() -> None:
    v = validate("Cited claim here [1]. This sentence has no source at all.", 1)
    assert v.unsupported == ["This sentence has no source at all."]


def test_validate_zero_sources_removes_everything() -> None:
    v = validate("Claim [1].", 0)
    assert v.cited == [] and v.invalid == ["[1]"] and "[1]" not in v.text


@pytest.mark.parametrize(("text", "bad"), [
    ("[1] - [2] - [3] - [4] - [5] - [6]", True),
    ("the model the model the model the model the model", True),
    ("Yes.", True),
    ("SZO reduces memory by restricting perturbations to a subspace [1].", False),
])
def test_is_degenerate(text: str, bad: bool) -> None:
    assert is_degenerate(text) is bad


def test_grounding_prefers_source_words() -> None:
    src = "We propose a subspace zeroth-order method that reduces memory on chips."
    assert grounding("The method reduces memory with a subspace zeroth-order estimator.", src) > 0.7
    assert grounding("Published by Berkeley researchers about protein folding.", src) < 0.3


def test_invents_facts() -> None:
    src = "We evaluate on 5 benchmarks."
    assert invents_facts("It was published in 2018.", src)
    assert invents_facts("A paper titled Foo explores bar.", src)
    assert not invents_facts("It evaluates on five benchmarks.", src)
    bound = r"at least $\Omega(\kappa^{3/2}\epsilon^{-2})$ oracle calls"
    assert not invents_facts(r"It needs $\Omega(\kappa^{3/2} \epsilon^{-2})$ calls.", bound)
    assert invents_facts(r"It needs $\Omega(\kappa^{3/2}\epsilon)$ oracle calls.", bound)
    assert invents_facts(r"It needs at least $\Omega(\kappa^{3/2} calls.", bound)
    assert invents_facts("Fine-tuning diffusion policies is a groundbreaking work.", src)
    assert not invents_facts("It is a groundbreaking benchmark.", "A groundbreaking benchmark.")
    method = "Learning deployable locomotion control (SHAC) via differentiable simulation."
    assert invents_facts("It proposes LDSCS for locomotion control.", method)
    assert not invents_facts("It proposes SHAC for locomotion control.", method)
    assert not invents_facts("SHACs learn locomotion control.", method)  # a plural
    assert invents_facts("It trains LLMs for locomotion control.", method)
    assert not invents_facts("It trains LLMs for locomotion control.", method,
                             "Which papers use LLMs?")  # the question's own acronym


def test_grammars_only_allow_listed_numbers() -> None:
    g = citation_grammar(3)
    assert 'num ::= "1" | "2" | "3"' in g and '"4"' not in g
    assert "[" not in sentence_grammar().split("::=")[1].replace("[^\\[", "").replace(
        "[A-Z0-9]", "").replace("[.]", "")
    with pytest.raises(ValueError):
        citation_grammar(0)


def test_grammar_parses_in_llama_cpp() -> None:
    llama_cpp = pytest.importorskip("llama_cpp")
    for g in (citation_grammar(4), sentence_grammar()):
        assert llama_cpp.LlamaGrammar.from_string(g, verbose=False) is not None


@pytest.mark.parametrize(("text", "n", "cited", "invalid"), [
    ("Ranges are not citations [1-3].", 3, [], ["[1-3]"]),
    ("Nor en dashes [1–2].", 3, [], ["[1–2]"]),
    ("Math $x \\in [0, 1]$ is left alone [2].", 3, [2], []),
    ("Display $$[1]$$ too [1].", 2, [1], []),
])
def test_validate_ranges_and_math(text: str, n: int, cited: list[int], invalid: list[str]) -> None:
    v = validate(text, n)
    assert v.cited == cited and v.invalid == invalid
    assert "$" not in text or "$" in v.text


def test_neutralize_turns_pasted_brackets_into_parentheses() -> None:
    from rag.citations import neutralize

    assert neutralize("as shown by Ito [2021] and [1, 8]") == "as shown by Ito (2021) and (1, 8)"
    assert neutralize("bounded $\\varepsilon \\in [1, 8]$ here") == \
        "bounded $\\varepsilon \\in [1, 8]$ here"
    assert parse_markers(neutralize("Computer Vision [1]")) == []
