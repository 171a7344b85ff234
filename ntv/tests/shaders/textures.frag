#version 450
// Combined samplers, separate textures and samplers, shadow, storage images.
layout(set = 0, binding = 0) uniform sampler2D tex2d;
layout(set = 0, binding = 1) uniform sampler2DArrayShadow shadow_arr;
layout(set = 0, binding = 2) uniform texture3D tex3d;
layout(set = 0, binding = 3) uniform sampler samp;
layout(set = 0, binding = 4) uniform samplerCube cube;
layout(set = 1, binding = 0, rgba8) uniform readonly image2D img_in;
layout(set = 1, binding = 1, r32ui) uniform coherent uimage2D img_out;
layout(set = 1, binding = 2) uniform isamplerBuffer tbuf;
layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;
void main()
{
   vec4 c = texture(tex2d, uv.xy);
   c += textureLod(tex2d, uv.zw, 2.0);
   c += textureOffset(tex2d, uv.xy, ivec2(1, -1));
   c += texelFetch(tex2d, ivec2(uv.xy), 0);
   c += textureGrad(tex2d, uv.xy, vec2(0.1), vec2(0.2));
   c += textureGather(tex2d, uv.xy, 1);
   c.x += texture(shadow_arr, vec4(uv.xyz, 0.5));
   c += texture(sampler3D(tex3d, samp), uv.xyz);
   c += texture(cube, uv.xyz, 1.0);
   c += vec4(textureSize(tex2d, 0), textureQueryLevels(tex2d), 0);
   c += imageLoad(img_in, ivec2(uv.xy));
   c += vec4(texelFetch(tbuf, int(uv.x)));
   uint old = imageAtomicAdd(img_out, ivec2(uv.zw), 1u);
   imageStore(img_out, ivec2(uv.xy), uvec4(old));
   c += vec4(imageSize(img_out), 0, 0);
   color = c;
}
