/* SPDX-License-Identifier: MIT */
/*
 * IEEE 754 binary16 conversions, exact for every input: round-to-nearest-even
 * on narrowing, NaN payloads kept quiet, denormals handled.
 */
#ifndef UTIL_HALF_FLOAT_H
#define UTIL_HALF_FLOAT_H

#include <stdint.h>

uint16_t util_float_to_half(float f);
/* Round toward zero, as some format conversions require. */
uint16_t util_float_to_half_rtz(float f);
float util_half_to_float(uint16_t h);

#endif /* UTIL_HALF_FLOAT_H */
