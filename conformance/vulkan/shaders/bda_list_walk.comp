#version 450
// vk_bda_test: invocation b < 16 walks list b (bda_list_build.comp) from
// its head to the null pointer: the count, the sum of the values, the
// nodes whose bucket or recorded address is wrong, and an atomic sum of
// every value into out.total through a pointer held in a node-free buffer.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 16) in;

layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
   Node next;
   uint64_t self;
   uint value;
   uint bucket;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ctl {
   uint alloc;
   uint heads[16];
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Out {
   uint total;
   uvec4 lists[16]; // count, sum, wrong buckets, wrong addresses
};
layout(push_constant, std430) uniform Args {
   Node pool;
   Ctl ctl;
   Out out_;
} args;

void main()
{
   uint b = gl_LocalInvocationID.x;
   uint h = args.ctl.heads[b];
   Node nd = h == 0u ? Node(uint64_t(0)) : args.pool + (h - 1u);
   uvec4 r = uvec4(0);
   while (uint64_t(nd) != 0ul && r.x < 100000u) {
      r.x += 1u;
      r.y += nd.value;
      r.z += nd.bucket != b ? 1u : 0u;
      r.w += nd.self != uint64_t(nd) ? 1u : 0u;
      atomicAdd(args.out_.total, nd.value);
      nd = nd.next;
   }
   args.out_.lists[b] = r;
}
