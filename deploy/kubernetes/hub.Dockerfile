# The hub's image for a department's class: Zero to JupyterHub's own hub image, at the chart's
# version (4.4.0, JupyterHub 5.5.0), with the course added, so that the hub runs the class's
# services (the gradebook with its live board, the follow view) from the same files as on one
# machine (classroom/gradebook.py, classroom/follow.py) and lets in the class with the one
# machine's authenticator (classroom/roster.py, through deploy/kubernetes/department.py).
# Build it from the repository's root:
#     docker build -f deploy/kubernetes/hub.Dockerfile -t REGISTRY/pokerlib-hub:VERSION .
# This image holds the teacher's edition (notebooks/): the gradebook judges with it. Only the
# hub runs it; no student's pod ever does (her image is deploy/kubernetes/Dockerfile).
FROM quay.io/jupyterhub/k8s-hub:4.4.0
USER root
COPY requirements.txt classroom/requirements.txt pyproject.toml README.md /srv/course/
COPY pokerlib/ /srv/course/pokerlib/
COPY classroom/ /srv/course/classroom/
COPY notebooks/ /srv/course/notebooks/
COPY tools/ /srv/course/tools/
COPY deploy/kubernetes/department.py /srv/course/deploy/kubernetes/department.py
WORKDIR /srv/course
# The course's pinned packages and the services' two (nh3, copydetect, as classroom/
# requirements.txt pins them); JupyterHub itself stays the chart's. The student's edition the
# gradebook compares with is made here, as the one machine's hub makes it, and the course's font
# put in the hub's static folder (a Chinese class's pages draw their Chinese with it).
RUN sed -e '/^-e /d' requirements.txt > /tmp/requirements.txt \
 && grep -E '^(nh3|copydetect)==' classroom/requirements.txt > /tmp/services.txt \
 && pip install --no-cache-dir -r /tmp/requirements.txt -r /tmp/services.txt \
 && pip install --no-cache-dir --no-deps . \
 && python -m tools.editions student /srv/course/edition/en \
 && python -m tools.editions student /srv/course/edition/zh_CN --language zh_CN \
 && python -c 'from classroom import chinese; chinese.hub_font(chinese.hub_static())' \
 && rm -rf /srv/course/classroom/node_modules /tmp/requirements.txt /tmp/services.txt
# The hub, its configuration (department.py) and its services import the course's classroom/.
ENV PYTHONPATH=/srv/course
USER ${NB_USER}
WORKDIR /srv/jupyterhub
