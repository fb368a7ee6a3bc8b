/* Field reads of descriptors built in the same function answered with the
 * field, in the verification copy lowered to the LLVM dialect.
 *
 * Why: convert-func-to-llvm builds every memref descriptor the entry passes
 * with llvm.insertvalue and reads each field back with llvm.extractvalue to
 * pass it to the call; DenseNet-201's entry is 125,000 LLVM instructions,
 * mostly these, and it is compiled under optnone (verify_outline.h), where
 * nothing folds them before instruction selection and register allocation
 * (about 1.2 CPU s of its code generation, docs/performance.md). An
 * extractvalue of a position an insertvalue wrote is that inserted value;
 * one of a disjoint position reads through to the insertvalue's container.
 * The values are the same ones, so nothing the program computes changes. */
#ifndef SOLAR_VERIFY_EXTRACT_H
#define SOLAR_VERIFY_EXTRACT_H

#include "mlir-c/IR.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* In every llvm.func of `module`: each llvm.extractvalue that reads,
 * through a chain of llvm.insertvalue of disjoint positions, exactly the
 * position one of them wrote is replaced by that written value and
 * erased; then the llvm.insertvalue ops left without uses are erased.
 * Returns how many extractvalue ops were replaced. */
size_t solarVerifyFoldDescriptorExtracts(MlirModule module);

#ifdef __cplusplus
}
#endif

#endif
