#version 450
// vk_scalar_layout_test: scalar block layout (VK_EXT_scalar_block_layout):
// members at their scalar alignment, vec3 arrays with a 12-byte stride,
// in storage, uniform and push-constant blocks.
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 64) in;

struct S {
   float a;
   vec3 b;   // offset 4
   uvec2 c;  // offset 16
   float d;  // offset 24; struct size 28
};
layout(scalar, set = 0, binding = 0) readonly buffer In {
   uint n;
   vec3 v[]; // offset 4, stride 12
} in_;
layout(scalar, set = 0, binding = 1) buffer Out {
   float head; // offset 0
   S s[];      // offset 4, stride 28
} out_;
layout(scalar, set = 0, binding = 2) uniform U {
   float k;     // offset 0
   vec3 w[4];   // offset 4, stride 12
} u;
layout(scalar, push_constant) uniform P {
   float p0;
   vec3 p1; // offset 4
} p;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i >= in_.n)
      return;
   vec3 x = in_.v[i];
   out_.s[i].a = dot(x, u.w[i % 4u]) + u.k;
   out_.s[i].b = x * p.p1 + p.p0;
   out_.s[i].c = uvec2(i, i * 3u + 1u);
   out_.s[i].d = x.y - x.z;
   if (i == 0u)
      out_.head = 42.0;
}
