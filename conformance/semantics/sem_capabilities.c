/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V capabilities that a Vulkan device accepts only with a device
 * extension the harness does not enable (each also needs its own feature
 * struct): a module declaring one cannot be run, whatever the device, so
 * the harness skips it with a reason instead of handing the driver a module
 * the Vulkan spec forbids.
 */
#include "semantics.h"

#include <stdio.h>

#include <spirv/unified1/spirv.h>

#include "util/macros.h"

static const struct {
   SpvCapability cap;
   const char *cap_name;
   const char *extension;
} extension_capabilities[] = {
   {SpvCapabilityIntegerFunctions2INTEL, "IntegerFunctions2INTEL",
    "VK_INTEL_shader_integer_functions2"},
   {SpvCapabilityFragmentShaderPixelInterlockEXT, "FragmentShaderPixelInterlockEXT",
    "VK_EXT_fragment_shader_interlock"},
   {SpvCapabilityFragmentShaderSampleInterlockEXT, "FragmentShaderSampleInterlockEXT",
    "VK_EXT_fragment_shader_interlock"},
   {SpvCapabilityFragmentShaderShadingRateInterlockEXT,
    "FragmentShaderShadingRateInterlockEXT", "VK_EXT_fragment_shader_interlock"},
   {SpvCapabilityComputeDerivativeGroupQuadsNV, "ComputeDerivativeGroupQuadsNV",
    "VK_NV_compute_shader_derivatives"},
   {SpvCapabilityComputeDerivativeGroupLinearNV, "ComputeDerivativeGroupLinearNV",
    "VK_NV_compute_shader_derivatives"},
};

bool
sem_module_capabilities_runnable(const uint32_t *words, size_t word_count,
                                 bool (*device_has)(const void *data, const char *extension),
                                 const void *data, char *why, size_t why_size)
{
   /* Capabilities come first, right after the 5-word header. */
   for (size_t i = 5; i < word_count;) {
      const uint32_t count = words[i] >> SpvWordCountShift;
      if (!count || count > word_count - i || (words[i] & SpvOpCodeMask) != SpvOpCapability)
         break;
      for (unsigned e = 0; count >= 2 && e < ARRAY_SIZE(extension_capabilities); e++) {
         if (words[i + 1] != (uint32_t)extension_capabilities[e].cap)
            continue;
         snprintf(why, why_size, "capability %s needs %s, which %s",
                  extension_capabilities[e].cap_name, extension_capabilities[e].extension,
                  device_has(data, extension_capabilities[e].extension)
                     ? "the harness does not enable"
                     : "the device does not expose");
         return false;
      }
      i += count;
   }
   return true;
}
