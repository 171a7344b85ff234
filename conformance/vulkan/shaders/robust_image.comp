#version 450
// SPDX-License-Identifier: MIT
// vk_version_test robust_image_access: loads and stores at coordinates
// outside a view of level 1, layers 1..2 of a 4x4, 2-level, 4-layer image
// (some inside level 0 or layer 3 of the image itself), and one inside.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, rgba8ui) uniform uimage2DArray img;
layout(set = 0, binding = 1) buffer Out { uvec4 o[]; };
const ivec3 outside[6] = ivec3[6](ivec3(2, 0, 0), ivec3(0, 2, 1), ivec3(0, 0, 2),
                                  ivec3(-1, 0, 0), ivec3(0, -1, 1), ivec3(1000, 7, 0));
void main()
{
   o[0] = imageLoad(img, ivec3(1, 1, 1));
   for (int i = 0; i < 6; i++)
      o[1 + i] = imageLoad(img, outside[i]);
   for (int i = 0; i < 6; i++)
      imageStore(img, outside[i], uvec4(0xee));
   imageStore(img, ivec3(0, 1, 0), uvec4(9, 8, 7, 6));
}
