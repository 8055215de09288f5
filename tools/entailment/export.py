"""Exports weights trained elsewhere (train.py --save-state, e.g. on a GPU machine) as the shipped int8 ONNX model:
the encoder is rebuilt from the jar (its fp32 word embeddings, which training keeps frozen), the trained weights are
loaded over it, and the model is exported, quantised and measured on the dev pairs as train.py does.

    python export.py --jar JAR --state STATE_DIR --data /path/to/nli --out MODEL_DIR --work WORK_DIR
"""

import argparse
import json
import os
import random
import shutil
import sys
from pathlib import Path

import torch
from safetensors.torch import load_file
from tokenizers import Tokenizer

import edits
import encoder
import train


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jar", required=True)
    parser.add_argument("--state", required=True, help="folder of train.py --save-state")
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--dev-limit", type=int, default=0, help="measure on this many dev pairs (0: all)")
    args = parser.parse_args(argv)
    state_dir, work, out = Path(args.state), Path(args.work), Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    record = json.loads((state_dir / "training.json").read_text(encoding="utf-8"))
    record["export_command"] = "python export.py " + " ".join(argv)
    record["jar_sha256"] = train.sha256(args.jar)
    onnx_model, tokenizer_json = encoder.read_jar(args.jar)
    model = train.EntailmentModel(encoder.bert_from_onnx(onnx_model))
    state = {}
    for shard in sorted(state_dir.glob("state-*.safetensors")):
        state.update(load_file(str(shard)))
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [m for m in missing if m != "bert.embeddings.word_embeddings.weight" and not m.endswith("position_ids")]
    if missing or unexpected:
        raise ValueError(f"{state_dir} does not match the model: missing {missing}, unexpected {unexpected}")
    seed = int(record["command"].split("--seed ")[1].split()[0]) if "--seed " in record["command"] else 13
    max_length = (int(record["command"].split("--max-length ")[1].split()[0])
                  if "--max-length " in record["command"] else 128)
    args.max_length = max_length
    _, int8 = train.export(model, tokenizer_json, args, work, out)
    tokenizer = Tokenizer.from_str(tokenizer_json)
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length, strategy="only_first")
    dev = train.read_pairs(Path(args.data) / "dev.jsonl.gz")
    if args.dev_limit:
        dev = random.Random(seed).sample(dev, args.dev_limit)
    dev_edits = [r for r in dev if r["y"] == 1] + edits.synthesize(dev, seed + 1, 10_000)[0]
    record["dev_int8"] = train.figures(train.probabilities_onnx(int8, train.encode(tokenizer, dev), args.threads), dev)
    record["dev_edits_int8"] = train.figures(
        train.probabilities_onnx(int8, train.encode(tokenizer, dev_edits), args.threads), dev_edits)
    record["model_bytes"] = os.path.getsize(int8)
    record["model_sha256"] = train.sha256(int8)
    print("dev (int8):", record["dev_int8"], "\ndev edits (int8):", record["dev_edits_int8"], flush=True)
    (work / "training.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    shutil.copy(work / "training.json", out / "entailment-training.json")
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    random.seed(0)
    torch.manual_seed(0)
    main(sys.argv[1:])
