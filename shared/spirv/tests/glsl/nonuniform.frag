#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Descriptor indexing: runtime arrays of resources with non-uniform
// indices.
layout(set = 0, binding = 0) uniform sampler2D texs[];
layout(set = 0, binding = 1, r32f) uniform image2D imgs[8];
layout(set = 0, binding = 2) readonly buffer B { vec4 v; } bufs[];
layout(location = 0) flat in int i;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;

void main()
{
   color = texture(texs[nonuniformEXT(i)], uv) + bufs[nonuniformEXT(i + 1)].v;
   color.x += imageLoad(imgs[i & 7], ivec2(uv)).x;
}
