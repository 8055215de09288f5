"""Writes the encoder for a machine without the jar, such as a GPU machine that accepts 64 MiB: the weights of the
encoder rebuilt from the jar in fp16, with only the word-embedding rows the pairs use (see encoder.save_init).

    python prepare.py --jar JAR --data /path/to/nli --out INIT_DIR
    (on the GPU machine) python train.py --init INIT_DIR --device cuda --no-export --save-state STATE_DIR ...
    python export.py --jar JAR --state STATE_DIR --data /path/to/nli --out MODEL_DIR --work WORK_DIR

Use the same --data, --seed, --per-kind and --max-length here as in train.py: train.py checks that every token of
its pairs has its row.
"""

import argparse
import sys
from pathlib import Path

from tokenizers import Tokenizer

import edits
import encoder
import train


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--per-kind", type=int, default=1500)
    parser.add_argument("--max-length", type=int, default=128)
    args = parser.parse_args(argv)
    onnx_model, tokenizer_json = encoder.read_jar(args.jar)
    bert = encoder.bert_from_onnx(onnx_model)
    tokenizer = Tokenizer.from_str(tokenizer_json)
    tokenizer.no_padding()
    tokenizer.enable_truncation(args.max_length, strategy="only_first")
    pairs = train.read_pairs(Path(args.data) / "train.jsonl.gz")
    dev = train.read_pairs(Path(args.data) / "dev.jsonl.gz")
    synthetic, _ = edits.synthesize(pairs, args.seed, args.per_kind)
    dev_edits = [r for r in dev if r["y"] == 1] + edits.synthesize(dev, args.seed + 1, 10_000)[0]
    used = {i for rows in (pairs + synthetic, dev, dev_edits) for ids, _ in train.encode(tokenizer, rows) for i in ids}
    record = {"jar_sha256": train.sha256(args.jar), "word_rows": len(used), "dtype": "float16"}
    encoder.save_init(bert, tokenizer_json, used, args.out, record)
    print(record)


if __name__ == "__main__":
    main(sys.argv[1:])
