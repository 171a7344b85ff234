#version 450
// Golden: shared memory and a barrier.
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer Buf { uint v[]; } buf;
shared uint tile[16];

void main()
{
   uint i = gl_LocalInvocationIndex;
   tile[i] = buf.v[gl_GlobalInvocationID.x];
   barrier();
   buf.v[gl_GlobalInvocationID.x] = tile[15u - i];
}
