#version 450
// vk_draw_test sampled_multisample_images: every sample of every pixel of
// three multisampled views (UNORM, UINT, depth) by texelFetch, and the
// sample counts and size the views report.
#extension GL_ARB_shader_texture_image_samples : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2DMS t_unorm;
layout(set = 0, binding = 1) uniform usampler2DMS t_uint;
layout(set = 0, binding = 2) uniform sampler2DMS t_depth;
layout(set = 0, binding = 3, std430) buffer Out {
   uint head[8];
   uint v[];
} o;
layout(push_constant) uniform P {
   uint samples;
} pc;

void main()
{
   ivec2 p = ivec2(gl_GlobalInvocationID.xy);
   ivec2 size = textureSize(t_unorm);
   if (p == ivec2(0)) {
      o.head[0] = uint(textureSamples(t_unorm));
      o.head[1] = uint(textureSamples(t_uint));
      o.head[2] = uint(textureSamples(t_depth));
      o.head[3] = uint(size.x);
      o.head[4] = uint(size.y);
   }
   uint n = pc.samples;
   uint total = uint(size.x * size.y) * n;
   uint base = (uint(p.y) * uint(size.x) + uint(p.x)) * n;
   for (uint s = 0u; s < n; s++) {
      o.v[base + s] = packUnorm4x8(texelFetch(t_unorm, p, int(s)));
      o.v[total + base + s] = texelFetch(t_uint, p, int(s)).x;
      o.v[2u * total + base + s] = floatBitsToUint(texelFetch(t_depth, p, int(s)).x);
   }
}
