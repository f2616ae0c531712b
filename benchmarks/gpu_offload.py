"""CPU against GPU offload for PaperChat's own LLM backend (models.llm), on the same prompts.

    python benchmarks/gpu_offload.py [--model NAME_OR_GGUF] [--reps 3]

Needs llama-cpp-python built with GPU support (``PAPERCHAT_CUDA=1 scripts/setup.sh``); imports
only ``models`` and ``rag.settings``. The prompts (``gpu_prompts.json``) are the three PaperChat
sent for two questions over the demo corpus with the default model: two one-sentence reasons of
a listing (sentence grammar) and a synthesis answer (citation grammar). For each
``n_gpu_layers`` in (0, -1) it prints load time, the GPU memory the load took (nvidia-smi), and
the median first-token latency and tokens/s over the prompts and repetitions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from models.llm import LlamaCppLLM, load_llm  # noqa: E402
from rag.settings import get_settings  # noqa: E402

PROMPTS = Path(__file__).with_name("gpu_prompts.json")


def gpu_mib() -> int | None:
    try:
        out = subprocess.check_output(["nvidia-smi", "--query-gpu=memory.used",
                                       "--format=csv,noheader,nounits"], text=True)
        return int(out.split()[0])
    except (OSError, subprocess.CalledProcessError, ValueError):
        return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="registry name or .gguf path (default: settings)")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    import llama_cpp

    prompts = json.loads(PROMPTS.read_text())
    print(f"llama-cpp-python {llama_cpp.__version__}, GPU offload supported: "
          f"{bool(llama_cpp.llama_supports_gpu_offload())}")
    print(f"{'n_gpu_layers':>12} {'layers on GPU':>13} {'load s':>7} {'GPU MiB':>8} "
          f"{'first token ms':>15} {'tok/s':>7}")
    for ngl in (0, -1):
        llm_cfg = {"n_gpu_layers": ngl} | ({"model": args.model} if args.model else {})
        before = gpu_mib()
        t = time.perf_counter()
        llm = load_llm(get_settings(llm=llm_cfg))
        load_s = time.perf_counter() - t
        after = gpu_mib()
        assert isinstance(llm, LlamaCppLLM)
        firsts, rates = [], []
        for _ in range(args.reps):
            for p in prompts:
                t = time.perf_counter()
                first, n = None, 0
                for _piece in llm.stream_chat(p["messages"], max_tokens=p["max_tokens"],
                                              temperature=0.2, grammar=p["grammar"]):
                    first = first if first is not None else time.perf_counter() - t
                    n += 1
                firsts.append((first or 0.0) * 1000)
                rates.append(n / (time.perf_counter() - t))
        mib = "n/a" if before is None or after is None else str(after - before)
        print(f"{ngl:>12} {llm.gpu_layers:>13} {load_s:>7.2f} {mib:>8} "
              f"{statistics.median(firsts):>15.0f} {statistics.median(rates):>7.1f}", flush=True)
        del llm


if __name__ == "__main__":
    main()
