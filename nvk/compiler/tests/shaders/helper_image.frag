#version 450
// Image stores and image atomics from helper lanes must not land.
layout(location = 0) flat in int lane;
layout(set = 0, binding = 0, r32ui) uniform uimage2D img;
void main()
{
   imageStore(img, ivec2(lane, 0), uvec4(1u));
   imageAtomicAdd(img, ivec2(lane, 1), 1u);
}
