#version 450
#extension GL_NV_compute_shader_derivatives : require
// SPV_NV_compute_shader_derivatives: derivatives, implicit-LOD sampling and
// a LOD query in a compute shader whose 2x2 quads come from x and y.
layout(local_size_x = 4, local_size_y = 2) in;
layout(derivative_group_quadsNV) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, std430) buffer Out { vec4 v[]; } o;
void main()
{
   vec2 uv = vec2(gl_GlobalInvocationID.xy) / 8.0;
   uint i = gl_LocalInvocationIndex;
   o.v[i] = texture(tex, uv) + vec4(dFdx(uv.x), dFdyCoarse(uv.y), textureQueryLod(tex, uv));
}
