#version 450
// Golden: implicit and explicit lod sampling, offsets, Dref, fetch, gather.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DArrayShadow shadow;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main()
{
   vec4 c = texture(tex, uv);
   c += textureLodOffset(tex, uv, 2.0, ivec2(1, -1));
   c.x += texture(shadow, vec4(uv, 3.0, 0.5));
   c += texelFetch(tex, ivec2(uv), 0);
   c += textureGather(tex, uv, 2);
   color = c;
}
