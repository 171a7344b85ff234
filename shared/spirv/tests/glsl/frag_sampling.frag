#version 450
// Sampling of every dimensionality, Dref, gather, fetch, queries.
layout(set = 0, binding = 0) uniform sampler1D s1;
layout(set = 0, binding = 1) uniform sampler2D s2;
layout(set = 0, binding = 2) uniform sampler3D s3;
layout(set = 0, binding = 3) uniform samplerCube sc;
layout(set = 0, binding = 4) uniform sampler2DArray s2a;
layout(set = 0, binding = 5) uniform samplerCubeArray sca;
layout(set = 0, binding = 6) uniform sampler2DShadow s2s;
layout(set = 0, binding = 7) uniform isampler2D is2;
layout(set = 0, binding = 8) uniform usampler2DMS us2ms;
layout(set = 0, binding = 9) uniform samplerBuffer sb;
layout(set = 0, binding = 10) uniform texture2D t2;
layout(set = 0, binding = 11) uniform sampler smp;
layout(set = 0, binding = 13) uniform samplerCubeArrayShadow scas;

layout(location = 0) in vec4 uv;
layout(location = 1) flat in int layer;
layout(location = 0) out vec4 color;

void main()
{
   vec4 c = texture(s1, uv.x);
   c += texture(s2, uv.xy, 0.5);
   c += textureLod(s3, uv.xyz, 1.0);
   c += texture(sc, uv.xyz);
   c += texture(s2a, vec3(uv.xy, float(layer)));
   c += textureGrad(sca, uv, uv.xyz, uv.zyx);
   c += texture(s2s, uv.xyz);
   c += vec4(texelFetch(is2, ivec2(uv.xy), 2));
   c += vec4(texelFetch(us2ms, ivec2(uv.xy), layer));
   c += texelFetch(sb, layer);
   c += texture(sampler2D(t2, smp), uv.zw);
   c += textureGather(s2, uv.xy, 1);
   c += textureGatherOffset(s2, uv.xy, ivec2(1, -1));
   c += textureOffset(s2, uv.xy, ivec2(2, 3));
   c += textureProj(s2, uv);
   c += vec4(texture(scas, uv, 0.25));
   c.xy += vec2(textureSize(s2, 0)) + vec2(textureQueryLevels(s3));
   c.zw += textureQueryLod(s2, uv.xy);
   c.x += float(textureSamples(us2ms));
   c += textureGatherOffsets(s2, uv.xy, ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)));
   color = c;
}
