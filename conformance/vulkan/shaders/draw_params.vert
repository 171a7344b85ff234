#version 450
#extension GL_ARB_shader_draw_parameters : require
// vk_draw_test: each draw moves right by 16 pixels per DrawIndex and says
// its BaseVertex, BaseInstance and DrawIndex in its colour (/255).
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos + vec4(float(gl_DrawIDARB) * 0.5, 0.0, 0.0, 0.0);
   v_smooth = in_color;
   v_flat = vec4(float(gl_BaseVertexARB) / 255.0, float(gl_BaseInstanceARB) / 255.0,
                 float(gl_DrawIDARB) / 255.0, 1.0);
}
