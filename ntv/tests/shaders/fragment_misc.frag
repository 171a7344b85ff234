#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Subpass input, sample shading, interpolation functions, demote, depth
// layout, early fragment tests.
layout(early_fragment_tests) in;
layout(input_attachment_index = 1, set = 0, binding = 0) uniform subpassInput previous;
layout(set = 0, binding = 1, r32ui) uniform uimage2DMS counters;
layout(location = 0) in vec4 v;
layout(location = 1) flat in uint id;
layout(location = 0) out vec4 color;
void main()
{
   vec4 c = subpassLoad(previous) + interpolateAtCentroid(v) + interpolateAtSample(v, 1) +
            interpolateAtOffset(v, vec2(0.25)) + vec4(gl_SamplePosition, 0.0, 0.0);
   uint old = imageAtomicMax(counters, ivec2(gl_FragCoord.xy), gl_SampleID, id);
   if (c.x < 0.0)
      demote;
   if (helperInvocationEXT())
      c.y = 1.0;
   color = c + vec4(float(old) + dFdxFine(v.x) + fwidth(v.y));
}
