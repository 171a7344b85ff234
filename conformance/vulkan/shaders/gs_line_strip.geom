#version 450
// vk_xfb_test: a line strip of two segments along pixel row 8 of a 16 x 16
// target, from x = 2 to x = 14 (pixel units), out of each input point.
layout(points) in;
layout(line_strip, max_vertices = 3) out;

void main()
{
   for (int i = 0; i < 3; i++) {
      const float x = 2.0 + 6.0 * float(i);
      gl_Position = vec4(x / 8.0 - 1.0, 8.5 / 8.0 - 1.0, 0.5, 1.0);
      EmitVertex();
   }
}
