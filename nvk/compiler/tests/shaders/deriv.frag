#version 450
// Derivatives of a known per-lane input; interpolateAtOffset.
layout(location = 0) in float v;
layout(location = 0) out vec4 o;
layout(location = 1) out vec4 o2;
layout(location = 2) out float o3;
void main()
{
   o = vec4(dFdxFine(v), dFdyFine(v), dFdxCoarse(v), dFdyCoarse(v));
   o2 = vec4(dFdx(v), dFdy(v), fwidth(v), 0.0);
   // Extrapolated from the pixel value with the fine derivatives.
   o3 = interpolateAtOffset(v, vec2(0.25, -0.5));
}
