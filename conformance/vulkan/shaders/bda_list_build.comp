#version 450
// vk_bda_test: invocation i < n pushes a node onto list i % 16 through
// device addresses: a slot taken with an atomic through a pointer, the
// node reached by pointer arithmetic, the list head swapped atomically
// (heads hold slot + 1, 0 ends a list), `next` a pointer to the node that
// was the head.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;

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
layout(push_constant, std430) uniform Args {
   Node pool;
   Ctl ctl;
   uint n;
} args;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i >= args.n)
      return;
   uint slot = atomicAdd(args.ctl.alloc, 1u);
   Node nd = args.pool + slot;
   nd.value = i * 7u + 3u;
   nd.bucket = i % 16u;
   nd.self = uint64_t(nd);
   uint prev = atomicExchange(args.ctl.heads[i % 16u], slot + 1u);
   nd.next = prev == 0u ? Node(uint64_t(0)) : args.pool + (prev - 1u);
}
