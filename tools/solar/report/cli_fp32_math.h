/* --fp32-math on the solar commands: ieee, tf32, or framework (the
 * settings the reference run recorded in its manifest, per contraction
 * class; docs/sol-model.md, "fp32 math policy"). */
#ifndef SOLAR_CLI_FP32_MATH_H
#define SOLAR_CLI_FP32_MATH_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* True for NULL (the default, framework), "ieee", "tf32", "framework";
 * else false after "solar COMMAND: error: --fp32-math must be ..." on
 * stderr. */
bool solarCliCheckFp32Math(const char *command, const char *value);

/* The solar-sol `fp32-math` option for `value` (NULL = framework):
 * ieee/tf32 as given; framework reads the manifest's fp32_math.classes
 * ("conv=tf32,matmul=ieee,attention=tf32"). Without a manifest (an .mlir
 * alone) framework takes the settings the IR's verification recorded on
 * solar.verified (`module`, may be null: the settings of the run the IR
 * was verified against, so that a kept .import.mlir is analyzed as its
 * program was), else "" (solar-opt's default: ieee with the TF32 figure
 * beside). *source says where it came from ("option", "torch settings",
 * "jax settings, recorded in the IR", "default: no framework run"). False
 * with a message when the manifest is unreadable or malformed. */
bool solarCliFp32MathOption(const char *value, const char *manifestPath,
                            MlirOperation module, char *option,
                            size_t optionSize, char *source,
                            size_t sourceSize, char *err, size_t errSize);

#endif
