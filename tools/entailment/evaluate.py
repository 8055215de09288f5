"""Measures an exported entailment model (int8 ONNX and its tokenizer) on dev.jsonl.gz and on synthetic edits of its
entailed pairs, as train.py does after training: to check a shipped model, or a model trained from a fresh clone.

    python evaluate.py --model DIR --data /path/to/nli [--seed 13]
"""

import argparse
import json
import random
import sys
from pathlib import Path

from tokenizers import Tokenizer

import edits
import train


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True, help="folder with entailment.onnx and entailment-tokenizer.json")
    parser.add_argument("--data", required=True, help="folder with dev.jsonl.gz")
    parser.add_argument("--seed", type=int, default=13, help="the seed the model was trained with")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--dev-limit", type=int, default=0)
    args = parser.parse_args(argv)
    folder = Path(args.model)
    tokenizer = Tokenizer.from_file(str(folder / "entailment-tokenizer.json"))
    tokenizer.no_padding()
    dev = train.read_pairs(Path(args.data) / "dev.jsonl.gz")
    if args.dev_limit:
        dev = random.Random(args.seed).sample(dev, args.dev_limit)
    dev_edits = [r for r in dev if r["y"] == 1] + edits.synthesize(dev, args.seed + 1, 10_000)[0]
    record = {
        "model_sha256": train.sha256(folder / "entailment.onnx"),
        "dev_int8": train.figures(
            train.probabilities_onnx(folder / "entailment.onnx", train.encode(tokenizer, dev), args.threads), dev),
        "dev_edits_int8": train.figures(
            train.probabilities_onnx(folder / "entailment.onnx", train.encode(tokenizer, dev_edits), args.threads),
            dev_edits),
    }
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
