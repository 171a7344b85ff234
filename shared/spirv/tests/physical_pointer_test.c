/* SPDX-License-Identifier: MIT */
/*
 * PhysicalStorageBuffer pointers (SPV_KHR_physical_storage_buffer): the
 * module tests/spvasm/physical_pointers.spvasm translates to IR that
 * validates, and every way of getting its pointers wrong, made by patching
 * its words, is refused with a clear error at the responsible instruction,
 * never a crash or invalid IR (issue 16's rule). The module's semantics are
 * checked by running it: conformance/vulkan/vk_bda_test.
 * The round trip through ntv and the mutation sweep take it like every
 * test module.
 */
#include "spirv/spirv_to_nir.h"
#include "stn_mutate.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/test.h"

static uint32_t *
load(size_t *n)
{
   uint32_t *w = stn_test_load_spv("physical_pointers.spv", n);
   if (!w)
      test_skip("physical_pointers.spv was not built (no spirv-as)");
   return w;
}

/* Offset of the nth (0-based) instruction with `op`, or 0. */
static size_t
find(const uint32_t *w, size_t n, SpvOp op, unsigned nth)
{
   for (size_t pos = 5; pos < n;) {
      const uint32_t wc = w[pos] >> 16;
      if (!wc)
         break;
      if ((w[pos] & 0xffff) == op && nth-- == 0)
         return pos;
      pos += wc;
   }
   return 0;
}

/* The result id of the instruction defining `op`'s nth result. */
static uint32_t
result_of(const uint32_t *w, size_t n, SpvOp op, unsigned nth)
{
   const size_t at = find(w, n, op, nth);
   return at ? w[at + 2] : 0;
}

/* The nth OpTypePointer of storage class sc: its id. */
static uint32_t
pointer_type(const uint32_t *w, size_t n, SpvStorageClass sc, unsigned nth)
{
   for (unsigned i = 0;; i++) {
      const size_t at = find(w, n, SpvOpTypePointer, i);
      if (!at)
         return 0;
      if (w[at + 2] == (uint32_t)sc && nth-- == 0)
         return w[at + 1];
   }
}

TEST(module_translates)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   struct stn_check_result r;
   stn_check_translate(w, n, &r);
   if (!CHECK(r.ok))
      printf("    %s\n", r.error ? r.error : "(invalid IR)");
   free(r.error);
   free(w);
}

/* Translates the patched copy: must fail with `part` in the message at
 * `want_offset` (0: anywhere), with no invalid IR. */
static void
expect_refused(uint32_t *w, size_t n, size_t want_offset, const char *part, const char *what)
{
   struct stn_check_result r;
   stn_check_translate(w, n, &r);
   if (!CHECK(!r.ok)) {
      printf("    %s: translated\n", what);
      return;
   }
   if (getenv("PP_VERBOSE"))
      printf("    %s: %s\n", what, r.error);
   CHECK(!r.invalid_ir);
   CHECK(!stn_is_internal_error(r.error));
   if (want_offset && r.error_offset_w != want_offset)
      test_fail(__FILE__, __LINE__, "%s: error at word %zu, expected %zu (%s)", what,
                r.error_offset_w, want_offset, r.error);
   if (!r.error || !strstr(r.error, part))
      test_fail(__FILE__, __LINE__, "%s: error \"%s\" lacks \"%s\"", what,
                r.error ? r.error : "(none)", part);
   free(r.error);
}

TEST(logical_addressing_model)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   w[find(w, n, SpvOpMemoryModel, 0) + 1] = SpvAddressingModelLogical;
   expect_refused(w, n, find(w, n, SpvOpTypeForwardPointer, 0),
                  "need the PhysicalStorageBuffer64 addressing model", "Logical");
   free(w);
}

TEST(capability_missing)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   for (unsigned i = 0;; i++) {
      const size_t at = find(w, n, SpvOpCapability, i);
      if (!at)
         break;
      if (w[at + 1] == SpvCapabilityPhysicalStorageBufferAddresses)
         w[at + 1] = SpvCapabilityShader;
   }
   expect_refused(w, n, find(w, n, SpvOpTypeForwardPointer, 0),
                  "needs the PhysicalStorageBufferAddresses capability", "no capability");
   free(w);
}

TEST(forward_pointer_of_another_class)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpTypeForwardPointer, 0);
   w[at + 2] = SpvStorageClassStorageBuffer;
   expect_refused(w, n, at, "OpTypeForwardPointer to storage class StorageBuffer",
                  "forward StorageBuffer");
   free(w);
}

TEST(pointer_class_differs_from_its_forward_declaration)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const uint32_t fwd = w[find(w, n, SpvOpTypeForwardPointer, 0) + 1];
   size_t at = 0;
   for (unsigned i = 0; !at; i++) {
      const size_t p = find(w, n, SpvOpTypePointer, i);
      REQUIRE(p);
      if (w[p + 1] == fwd)
         at = p;
   }
   w[at + 2] = SpvStorageClassStorageBuffer;
   expect_refused(w, n, at, "its OpTypeForwardPointer PhysicalStorageBuffer",
                  "class mismatch");
   free(w);
}

TEST(convert_u_to_ptr_to_a_logical_pointer)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpConvertUToPtr, 0);
   w[at + 1] = pointer_type(w, n, SpvStorageClassStorageBuffer, 0);
   expect_refused(w, n, at, "must give a PhysicalStorageBuffer pointer, not a StorageBuffer pointer",
                  "UToPtr result");
   free(w);
}

TEST(convert_u_to_ptr_of_a_boolean)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpConvertUToPtr, 0);
   w[at + 3] = result_of(w, n, SpvOpULessThan, 0);
   expect_refused(w, n, at, "OpConvertUToPtr needs an integer scalar", "UToPtr bool");
   free(w);
}

TEST(convert_ptr_to_u_of_an_integer)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpConvertPtrToU, 0);
   w[at + 3] = result_of(w, n, SpvOpCompositeExtract, 0);
   expect_refused(w, n, at, "must be a PhysicalStorageBuffer pointer, not an integer",
                  "PtrToU int");
   free(w);
}

TEST(convert_ptr_to_u_of_a_logical_pointer)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpConvertPtrToU, 0);
   w[at + 3] = result_of(w, n, SpvOpAccessChain, 0); /* args.n, StorageBuffer */
   expect_refused(w, n, at, "not a StorageBuffer pointer", "PtrToU logical");
   free(w);
}

/* The first OpLoad through a physical pointer: `%a = OpLoad %uint %e_a
 * Aligned 4` (the second OpLoad of the module). */
TEST(aligned_not_a_power_of_two)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpLoad, 3);
   REQUIRE(w[at] >> 16 == 6 && w[at + 4] == SpvMemoryAccessAlignedMask);
   w[at + 5] = 3;
   expect_refused(w, n, at, "Aligned 3 is not a power of two", "Aligned 3");
   free(w);
}

TEST(load_through_a_physical_pointer_without_aligned)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpLoad, 3);
   REQUIRE(w[at] >> 16 == 6);
   /* Drop the memory operands; two OpNops keep the layout. */
   w[at] = (4u << 16) | SpvOpLoad;
   w[at + 4] = (1u << 16) | SpvOpNop;
   w[at + 5] = (1u << 16) | SpvOpNop;
   expect_refused(w, n, at, "needs the Aligned memory operand", "no Aligned");
   free(w);
}

TEST(ptr_access_chain_on_a_logical_pointer)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpPtrAccessChain, 0);
   w[at + 3] = result_of(w, n, SpvOpAccessChain, 0); /* args.n, StorageBuffer */
   expect_refused(w, n, at, "needs a PhysicalStorageBuffer base pointer", "logical base");
   free(w);
}

TEST(ptr_access_chain_without_array_stride)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const uint32_t elem_ptr = w[find(w, n, SpvOpTypeForwardPointer, 0) + 1];
   for (unsigned i = 0;; i++) {
      const size_t d = find(w, n, SpvOpDecorate, i);
      REQUIRE(d);
      if (w[d + 1] == elem_ptr && w[d + 2] == SpvDecorationArrayStride) {
         w[d + 2] = SpvDecorationLocation; /* same shape, harmless on a type */
         break;
      }
   }
   expect_refused(w, n, find(w, n, SpvOpPtrAccessChain, 0), "has no ArrayStride",
                  "no ArrayStride");
   free(w);
}

TEST(load_from_an_integer)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpLoad, 3);
   w[at + 3] = result_of(w, n, SpvOpCompositeExtract, 0);
   expect_refused(w, n, at, "a pointer is expected", "load from an int");
   free(w);
}

TEST(ptr_access_chain_element_of_a_boolean)
{
   size_t n;
   uint32_t *w = load(&n);
   if (!w)
      return;
   const size_t at = find(w, n, SpvOpPtrAccessChain, 0);
   w[at + 4] = result_of(w, n, SpvOpULessThan, 0);
   expect_refused(w, n, at, "Element must be an integer scalar", "bool element");
   free(w);
}
