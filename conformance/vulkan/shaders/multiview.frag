#version 450
#extension GL_EXT_multiview : require
// vk_version_test: red names the view (ViewIndex in the fragment shader),
// green says whether the vertex shader saw the same view.
layout(location = 0) flat in uint vs_view;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(float(gl_ViewIndex + 1) / 4.0, vs_view == gl_ViewIndex ? 1.0 : 0.0, 1.0, 1.0);
}
