"""Hugging Face transformers models built from tiny configs (random
weights, nothing downloaded) through solar.analyze: import, verification
against the eager run, SOL on H100_SXM. Prints one row per architecture;
docs/importers.md ("Hugging Face models") records the result.

    python3 bench/hf_models.py [NAME ...]     (PYTHONPATH=tools/python)"""
import sys
import time

import torch
import transformers as tf
from torch.utils.flop_counter import FlopCounterMode

import solar

SEQ = 8
# Two layers, hidden 32: small enough to verify at full size in seconds.
COMMON = dict(return_dict=False, use_cache=False)


def ids(vocab, batch=1, seq=SEQ):
    return torch.randint(0, vocab, (batch, seq))


def decoder(config_class, model_class, **kw):
    def build():
        config = config_class(**kw, **COMMON)
        return model_class(config), [ids(config.vocab_size)]
    return build


def _t5():
    # T5Model's forward reads encoder_outputs.last_hidden_state even with
    # return_dict=False (transformers 5.25), so the encoder stack alone.
    config = tf.T5Config(vocab_size=64, d_model=32, d_kv=8, d_ff=64,
                         num_layers=2, num_heads=4, **COMMON)
    return tf.T5EncoderModel(config), [ids(64)]


class LastHidden(torch.nn.Module):
    """A model whose forward reads its inner stack's output as a
    ModelOutput even with return_dict=False (OPTModel in transformers
    5.25): called with return_dict=True, its last hidden state returned."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, *inputs):
        return self.model(*inputs, return_dict=True).last_hidden_state


def _opt():
    config = tf.OPTConfig(vocab_size=64, hidden_size=32, num_hidden_layers=2,
                          num_attention_heads=4, ffn_dim=64,
                          max_position_embeddings=32, word_embed_proj_dim=32,
                          use_cache=False)
    return LastHidden(tf.OPTModel(config)), [ids(64)]


def _vit():
    config = tf.ViTConfig(image_size=16, patch_size=8, num_channels=3,
                          hidden_size=32, num_hidden_layers=2,
                          num_attention_heads=4, intermediate_size=64,
                          return_dict=False)
    return tf.ViTModel(config), [torch.randn(1, 3, 16, 16)]


def _resnet():
    config = tf.ResNetConfig(num_channels=3, embedding_size=8,
                             hidden_sizes=[8, 16], depths=[1, 1],
                             layer_type="basic", return_dict=False)
    return tf.ResNetModel(config), [torch.randn(1, 3, 32, 32)]


def _bert_like(config_class, model_class, **extra):
    def build():
        config = config_class(vocab_size=64, hidden_size=32,
                              num_hidden_layers=2, num_attention_heads=4,
                              intermediate_size=64, max_position_embeddings=32,
                              **extra, **COMMON)
        return model_class(config), [ids(64)]
    return build


LLAMA_LIKE = dict(vocab_size=64, hidden_size=32, intermediate_size=64,
                  num_hidden_layers=2, num_attention_heads=4,
                  num_key_value_heads=2, max_position_embeddings=32)

MODELS = {
    "gpt2": decoder(tf.GPT2Config, tf.GPT2Model, vocab_size=64, n_embd=32,
                    n_layer=2, n_head=4, n_positions=32, bos_token_id=0,
                    eos_token_id=0),
    "bert": _bert_like(tf.BertConfig, tf.BertModel),
    "roberta": _bert_like(tf.RobertaConfig, tf.RobertaModel,
                          pad_token_id=1),
    "distilbert": decoder(tf.DistilBertConfig, tf.DistilBertModel,
                          vocab_size=64, dim=32, n_layers=2, n_heads=4,
                          hidden_dim=64, max_position_embeddings=32),
    "llama": decoder(tf.LlamaConfig, tf.LlamaModel, **LLAMA_LIKE),
    "mistral": decoder(tf.MistralConfig, tf.MistralModel, **LLAMA_LIKE),
    "qwen2": decoder(tf.Qwen2Config, tf.Qwen2Model, **LLAMA_LIKE),
    "gpt_neox": decoder(tf.GPTNeoXConfig, tf.GPTNeoXModel, vocab_size=64,
                        hidden_size=32, num_hidden_layers=2,
                        num_attention_heads=4, intermediate_size=64,
                        max_position_embeddings=32),
    "opt": _opt,
    "t5": _t5,
    "vit": _vit,
    "resnet": _resnet,
}


def main(names):
    torch.manual_seed(0)
    print("model      status    params    flops          flops_lowered  "
          "flops_counter  FlopCounterMode  bytes_fused  cache_s      seconds")
    for name in names or MODELS:
        start = time.time()
        try:
            model, inputs = MODELS[name]()
            params = sum(p.numel() for p in model.parameters())
            with FlopCounterMode(display=False) as counter:
                model.eval()(*inputs)
            r = solar.analyze(model.eval(), inputs, arch="H100_SXM")
            f = r.function
            row = (f"{'ok':8}  {params:<8}  {f.flops:<13.6g}  "
                   f"{f.flops_lowered:<13.6g}  {f.flops_counter:<13.6g}  "
                   f"{counter.get_total_flops():<15}  {f.bytes.fused:<11}  "
                   f"{f.sol_s.cache:<13.4g}  {time.time() - start:5.0f}")
            print(f"{name:10} {row}", flush=True)
        except Exception as exc:
            what = exc.diagnostic if isinstance(exc, solar.SolarError) \
                else f"{type(exc).__name__}: {exc}"
            print(f"{name:10} {'failed':8}  {time.time() - start:5.0f}s  "
                  f"{' '.join(what.split())[:400]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
