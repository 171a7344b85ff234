#version 450
// SPDX-License-Identifier: MIT
// The smallest compute shader: for pipeline-creation plumbing tests.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; } data;
layout(push_constant) uniform Push { uint value; } push;
void main()
{
   data.v[gl_GlobalInvocationID.x] = push.value;
}
