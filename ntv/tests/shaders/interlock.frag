#version 450
#extension GL_ARB_fragment_shader_interlock : require
// SPV_EXT_fragment_shader_interlock: a critical section around a storage
// image read-modify-write, sample granularity, unordered.
layout(sample_interlock_unordered) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(location = 0) out vec4 color;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   beginInvocationInterlockARB();
   uint n = imageLoad(counts, p).x;
   imageStore(counts, p, uvec4(n + 1u));
   endInvocationInterlockARB();
   color = vec4(float(n));
}
