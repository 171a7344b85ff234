#version 450
// Storage images, image atomics, texel buffers, subpass inputs.
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image3D dst;
layout(set = 0, binding = 2, r32ui) uniform uimage2D counters;
layout(set = 0, binding = 3, r32i) uniform iimageBuffer ibuf;
layout(set = 0, binding = 4) uniform usamplerBuffer utb;
layout(set = 0, binding = 5, rgba16f) uniform image2DArray arr;
layout(set = 0, binding = 6, r32f) uniform imageCube cube;
layout(set = 0, binding = 7, rg32f) coherent volatile uniform image2DMS ms;
layout(set = 0, binding = 8) uniform writeonly image1D noformat;
layout(input_attachment_index = 0, set = 1, binding = 0) uniform subpassInput sp;
layout(input_attachment_index = 1, set = 1, binding = 1) uniform isubpassInputMS spms;
layout(location = 0) flat in ivec4 p;
layout(location = 0) out vec4 color;

void main()
{
   vec4 c = imageLoad(src, p.xy);
   imageStore(dst, p.xyz, c);
   uint old = imageAtomicAdd(counters, p.xy, 1u);
   old += imageAtomicCompSwap(counters, p.zw, 5u, old);
   old += imageAtomicMax(counters, p.xy, 7u);
   int o2 = imageAtomicExchange(ibuf, p.x, 3);
   o2 += imageAtomicAnd(ibuf, p.y, 0xff);
   c += vec4(texelFetch(utb, p.w));
   c += imageLoad(arr, p.xyz);
   imageStore(arr, p.zyx, c);
   c.x += imageLoad(cube, p.xyz).x;
   c += imageLoad(ms, p.xy, 2);
   imageStore(noformat, p.x, c);
   c += subpassLoad(sp);
   c += vec4(subpassLoad(spms, 1));
   c.xy += vec2(imageSize(src)) + vec2(imageSize(arr).z);
   c.z += float(imageSamples(ms));
   color = c + vec4(float(old), float(o2), 0.0, 0.0);
}
