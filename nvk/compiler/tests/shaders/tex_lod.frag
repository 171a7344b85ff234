#version 450
// Implicit-lod sampling: the level comes from the coordinates' derivatives.
layout(location = 0) in vec2 uv;
layout(location = 1) flat in float bias;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0) uniform sampler2D tex;
void main()
{
   o = vec4(texture(tex, uv).r, texture(tex, uv, bias).r, textureQueryLod(tex, uv).y,
            textureGrad(tex, uv, vec2(4.0 / 64.0, 0.0), vec2(0.0)).r);
}
